import { Alert, Button, Group, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '../../../../shared/schemas/machine-access';
import { DeliveryStateBadge, type DeliveryState } from '../../../components/delivery-state-badge';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useResendDelivery, useWebhookDeliveries } from '../api/machine-access';

const stateOf: Record<WebhookDelivery['status'], DeliveryState> = {
  pending: 'pending',
  sending: 'sending',
  delivered: 'done',
  failed: 'failed',
};

/** An endpoint's recent deliveries (status, answer, duration, next attempt); a finished one can be sent again. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery();
  return (
    <>
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
    </>
  );
}
