import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../../../../shared/schemas/machine-access';
import { PageLoader } from '../../../components/page-loader';
import { apiErrorText } from '../../../lib/notify';
import { useWebhookEndpoints } from '../api/machine-access';
import { WebhookEndpointCard } from '../components/webhook-endpoint-card';
import { WebhookEndpointDialog } from '../components/webhook-endpoint-dialog';

/**
 * home/app/admin/webhooks: the tenant's webhook endpoints (URL, events, pause state), each with
 * its recent deliveries (status, answer, duration, next attempt); resend one, send a test event.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  if (endpoints.isPending) return <PageLoader />;
  return (
    <Stack maw={1300}>
      <Card withBorder radius="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h3">
            {t('ADMIN.Webhooks.PageTitle')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('ADMIN.Webhooks.Create')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t('ADMIN.Webhooks.Intro')}
        </Text>
        {endpoints.isError && (
          <Alert color="red" mt="md">
            {apiErrorText(endpoints.error)}
          </Alert>
        )}
        {endpoints.data?.length === 0 && (
          <Text c="dimmed" mt="md">
            {t('ADMIN.Webhooks.Empty')}
          </Text>
        )}
      </Card>
      {endpoints.data?.map((e) => (
        <WebhookEndpointCard key={e.endpointID} endpoint={e} onEdit={() => setEditing(e)} />
      ))}
      {editing !== null && (
        <WebhookEndpointDialog endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
