import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LegalLayout } from './legal-layout';

export function ImprintPage() {
  const { t } = useTranslation();
  return (
    <LegalLayout titleKey="LEGAL.Imprint.Title">
      {(op) => (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('LEGAL.Imprint.Operator')}
          </Title>
          <Text fw={600}>{op.name}</Text>
          <Text>{op.address}</Text>
          <Text>
            {t('LEGAL.Imprint.Phone')}: {op.phone}
          </Text>
          <Text>
            {t('LEGAL.Imprint.Email')}: {op.email}
          </Text>
          <Text>
            {t('LEGAL.Imprint.Representative')}: {op.representative}
          </Text>
          <Text>
            {t('LEGAL.Imprint.Register')}: {op.register}
          </Text>
          <Text>
            {t('LEGAL.Imprint.VatId')}: {op.vatId}
          </Text>
        </Stack>
      )}
    </LegalLayout>
  );
}
