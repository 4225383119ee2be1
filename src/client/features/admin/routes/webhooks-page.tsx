import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../../shared/schemas/machine-access';
import { DeliveryStateBadge, type DeliveryState } from '../../../components/delivery-state-badge';
import { confirmAction } from '../../../components/confirm';
import { FormDialog } from '../../../components/form-dialog';
import { PageLoader } from '../../../components/page-loader';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import {
  useDeleteWebhookEndpoint,
  useResendDelivery,
  useSaveWebhookEndpoint,
  useSendTestEvent,
  useWebhookDeliveries,
  useWebhookEndpoints,
  useWebhookSecret,
} from '../api/machine-access';

const stateOf: Record<WebhookDelivery['status'], DeliveryState> = {
  pending: 'pending',
  sending: 'sending',
  delivered: 'done',
  failed: 'failed',
};

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
        <EndpointCard key={e.endpointID} endpoint={e} onEdit={() => setEditing(e)} />
      ))}
      {editing !== null && (
        <EndpointDialog endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function EndpointCard({ endpoint, onEdit }: { endpoint: WebhookEndpoint; onEdit: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const deliveries = useWebhookDeliveries(endpoint.endpointID);
  const save = useSaveWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendTestEvent();
  const resend = useResendDelivery();
  const secret = useWebhookSecret();
  const setPaused = (paused: boolean) =>
    save.mutate(
      {
        id: endpoint.endpointID,
        body: { url: endpoint.url, description: endpoint.description, events: endpoint.events, paused },
      },
      { onError: (e) => notifyError(e) },
    );
  const askDelete = async () => {
    const ok = await confirmAction({
      title: t('ADMIN.Webhooks.DeleteTitle'),
      message: t('ADMIN.Webhooks.DeleteText', { url: endpoint.url }),
      confirmLabel: t('ADMIN.Webhooks.Delete'),
      danger: true,
    });
    if (ok) {
      remove.mutate(endpoint.endpointID, {
        onSuccess: () => notifySuccess(t('ADMIN.Webhooks.Deleted')),
        onError: (e) => notifyError(e),
      });
    }
  };
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
          {secret.data && (
            <TextInput
              size="xs"
              readOnly
              label={t('ADMIN.Webhooks.Secret')}
              value={secret.data.secret}
              ff="monospace"
              onFocus={(e) => e.currentTarget.select()}
            />
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.endpointID, {
                onSuccess: () => notifySuccess(t('ADMIN.Webhooks.TestQueued')),
                onError: (e) => notifyError(e),
              })
            }
          >
            {t('ADMIN.Webhooks.SendTest')}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('COMMON.Edit')}
          </Button>
          {!secret.data && (
            <Button size="xs" variant="default" onClick={() => secret.mutate(endpoint.endpointID)}>
              {t('ADMIN.Webhooks.ShowSecret')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setPaused(!endpoint.pausedAt)} loading={save.isPending}>
            {t(endpoint.pausedAt ? 'ADMIN.Webhooks.Resume' : 'ADMIN.Webhooks.Pause')}
          </Button>
          <Button size="xs" variant="outline" color="red.8" onClick={() => void askDelete()}>
            {t('ADMIN.Webhooks.Delete')}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" mt="md">
        <Title order={3} size="h6">
          {t('ADMIN.Webhooks.Deliveries')}
        </Title>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void deliveries.refetch()}
        >
          {t('ADMIN.Webhooks.Refresh')}
        </Button>
      </Group>
      {deliveries.isPending ? (
        <Text size="sm" c="dimmed">
          …
        </Text>
      ) : deliveries.isError ? (
        <Alert color="red">{apiErrorText(deliveries.error)}</Alert>
      ) : deliveries.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ADMIN.Webhooks.NoDeliveries')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ADMIN.Webhooks.Time')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Event')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Status')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Attempts')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Answer')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Duration')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.NextAttempt')}</Table.Th>
                <Table.Th>{t('ADMIN.Webhooks.Resend')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr key={d.deliveryID}>
                  <Table.Td>{fmt.dateTime(d.createdAt)}</Table.Td>
                  <Table.Td ff="monospace">{d.eventType}</Table.Td>
                  <Table.Td>
                    <DeliveryStateBadge
                      state={stateOf[d.status]}
                      label={t(`ADMIN.Webhooks.DeliveryStatus.${d.status}`)}
                    />
                  </Table.Td>
                  <Table.Td>{fmt.number(d.attempts)}</Table.Td>
                  <Table.Td>{d.responseStatus ?? d.lastError ?? '—'}</Table.Td>
                  <Table.Td>{d.durationMs === null ? '—' : `${fmt.number(d.durationMs)} ms`}</Table.Td>
                  <Table.Td>{d.nextAttemptAt ? fmt.dateTime(d.nextAttemptAt) : '—'}</Table.Td>
                  <Table.Td>
                    {(d.status === 'delivered' || d.status === 'failed') && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={`${t('ADMIN.Webhooks.Resend')}: ${d.eventType} ${fmt.dateTime(d.createdAt)}`}
                        onClick={() =>
                          resend.mutate(d.deliveryID, {
                            onSuccess: () => notifySuccess(t('ADMIN.Webhooks.Resent')),
                            onError: (e) => notifyError(e),
                          })
                        }
                      >
                        {t('ADMIN.Webhooks.Resend')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function EndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveWebhookEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [secret, setSecret] = useState('');
  const body = { url, description, events, ...(secret.trim() && !endpoint ? { secret: secret.trim() } : {}) };
  const parsed = webhookEndpointInputSchema.safeParse(body);
  return (
    <FormDialog
      opened
      title={endpoint ? endpoint.url : t('ADMIN.Webhooks.Create')}
      onClose={onClose}
      onSubmit={() =>
        save.mutate(endpoint ? { id: endpoint.endpointID, body } : { id: null, body }, {
          onSuccess: () => onClose(),
        })
      }
      submitting={save.isPending}
      valid={parsed.success}
      error={save.error}
      size="lg"
    >
      <TextInput
        label={t('ADMIN.Webhooks.Url')}
        required
        type="url"
        placeholder="https://erp.example.com/planport"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        maxLength={2000}
        data-autofocus
      />
      <TextInput
        label={t('ADMIN.Webhooks.Description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        maxLength={200}
      />
      <Checkbox.Group
        label={t('ADMIN.Webhooks.Events')}
        required
        value={events}
        onChange={(v) => setEvents(v as WebhookEventType[])}
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <Checkbox key={e} value={e} label={e} />
          ))}
        </Stack>
      </Checkbox.Group>
      {!endpoint && (
        <TextInput
          label={t('ADMIN.Webhooks.Secret')}
          description={t('ADMIN.Webhooks.SecretHint')}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          maxLength={100}
          ff="monospace"
        />
      )}
    </FormDialog>
  );
}
