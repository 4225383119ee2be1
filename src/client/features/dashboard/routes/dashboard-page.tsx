import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormatters } from '../../../lib/format';

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const fmt = useFormatters();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userLogin;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" data-testid="welcome-card">
        <Title order={1} size="h2">
          {t('DASHBOARD.Welcome', { name })}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('DASHBOARD.WelcomeText', { tenant: user.tenantName, date: fmt.date(new Date()) })}
        </Text>
      </Card>
    </Stack>
  );
}
