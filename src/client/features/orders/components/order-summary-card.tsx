import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The Total card under an order table (§2); the material's summary table goes inside. */
export function OrderSummaryCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {t('ORDER.TotalCard')}
      </Title>
      {children}
    </Card>
  );
}
