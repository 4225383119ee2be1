import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../../../../shared/schemas/machine-access';
import { useWebhookEndpointActions } from '../hooks/use-webhook-endpoint-actions';
import { DangerConfirmButton } from './danger-confirm-button';
import { SecretField } from './secret-field';
import { WebhookDeliveries } from './webhook-deliveries';

/** One webhook endpoint: its URL, state, events and secret, its actions and its recent deliveries. */
export function WebhookEndpointCard({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) {
  const { t } = useTranslation();
  const actions = useWebhookEndpointActions(endpoint);
  return (
    <Card withBorder radius="md" component="section" aria-label={endpoint.url}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h5" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Title>
            <Badge
              // Black on amber: white on orange.9 is 4.3:1, under the 4.5:1 small text needs.
              {...(endpoint.pausedAt ? { color: 'yellow.9', c: 'black' } : { color: 'teal.9' })}
              variant="filled"
              radius="sm"
            >
              {t(endpoint.pausedAt ? 'ADMIN.Webhooks.Paused' : 'ADMIN.Webhooks.Active')}
            </Badge>
            {endpoint.waiting > 0 && (
              <Badge color="gray.8" variant="outline" radius="sm">
                {t('ADMIN.Webhooks.Waiting', { count: endpoint.waiting })}
              </Badge>
            )}
          </Group>
          {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
          <Text size="xs" c="dimmed">
            {t('ADMIN.Webhooks.Events')}: {endpoint.events.join(', ')}
          </Text>
          {actions.secret !== undefined && (
            <SecretField size="xs" label={t('ADMIN.Webhooks.Secret')} value={actions.secret} />
          )}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" loading={actions.testing} onClick={actions.sendTest}>
            {t('ADMIN.Webhooks.SendTest')}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('COMMON.Edit')}
          </Button>
          {actions.secret === undefined && (
            <Button size="xs" variant="default" onClick={actions.showSecret}>
              {t('ADMIN.Webhooks.ShowSecret')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={actions.togglePause} loading={actions.pausing}>
            {t(endpoint.pausedAt ? 'ADMIN.Webhooks.Resume' : 'ADMIN.Webhooks.Pause')}
          </Button>
          <DangerConfirmButton
            label={t('ADMIN.Webhooks.Delete')}
            title={t('ADMIN.Webhooks.DeleteTitle')}
            message={t('ADMIN.Webhooks.DeleteText', { url: endpoint.url })}
            onConfirm={actions.remove}
          />
        </Group>
      </Group>
      <WebhookDeliveries endpointId={endpoint.endpointID} />
    </Card>
  );
}
