import { Alert, Button, Card, Group, Modal, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '../../../../shared/schemas/admin';
import { DataTable } from '../../../components/data-table';
import { DeliveryStateBadge, type DeliveryState } from '../../../components/delivery-state-badge';
import { ListToolbar } from '../../../components/list-toolbar';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useOutbox, type OutboxFilters } from '../api/get-outbox';
import { useRetryOutboxMail } from '../api/retry-outbox-mail';

const pageSizes = [10, 20, 50, 100];

const statuses = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;

const stateOf: Record<OutboxMail['status'], DeliveryState> = {
  pending: 'pending',
  sending: 'sending',
  sent: 'done',
  kept: 'kept',
  failed: 'failed',
};

function StatusBadge({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  return <DeliveryStateBadge state={stateOf[mail.status]} label={t(`ADMIN.Outbox.Status.${mail.status}`)} />;
}

/**
 * home/app/admin/outbox: the tenant's e-mails with their delivery state (queued, sent, kept when no
 * SMTP server is configured, failed after the last attempt, which an admin may send again).
 * Only the redacted copy is shown (DESIGN.md §6).
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const { setPage } = paging;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<OutboxFilters['status']>('');
  const outbox = useOutbox({ search: debounced, status }, paging.page, paging.pageSize);
  const filtered = debounced.trim() !== '' || status !== '';
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const retry = useRetryOutboxMail();
  const retryMail = (mail: OutboxMail) =>
    retry.mutate(mail.mailID, {
      onSuccess: () => {
        notifySuccess(t('ADMIN.Outbox.Retried'));
        setOpen(null);
      },
      onError: (e) => notifyError(e),
    });

  const columns = useMemo<ColumnDef<OutboxMail, unknown>[]>(
    () => [
      { id: 'createdAt', header: t('ADMIN.Outbox.Time'), cell: ({ row }) => fmt.dateTime(row.original.createdAt) },
      { id: 'recipient', header: t('ADMIN.Outbox.Recipient'), cell: ({ row }) => row.original.recipient },
      {
        id: 'subject',
        header: t('ADMIN.Outbox.Subject'),
        cell: ({ row }) => (
          <UnstyledButton onClick={() => setOpen(row.original)} c="teal.9" td="underline" fz="sm">
            {row.original.subject}
          </UnstyledButton>
        ),
      },
      {
        id: 'status',
        header: t('ADMIN.Outbox.State'),
        cell: ({ row }) => (
          <Stack gap={2} align="flex-start">
            <StatusBadge mail={row.original} />
            {row.original.attempts > 0 && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('ADMIN.Outbox.Attempts', { count: row.original.attempts })}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'preview',
        header: t('ADMIN.Outbox.Preview'),
        cell: ({ row }) => (
          <Text size="sm" c="dimmed" lineClamp={2} maw={420}>
            {row.original.textBody}
          </Text>
        ),
      },
    ],
    [t, fmt],
  );

  return (
    <Card withBorder radius="md" maw={1300}>
      <ListToolbar title={t('ADMIN.Outbox.PageTitle')} size="h3" paging={paging} />
      <Text size="sm" c="dimmed" mt="xs" mb="md">
        {t('ADMIN.Outbox.Intro')}
      </Text>
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('ADMIN.Outbox.Search')}
          placeholder={t('ADMIN.Outbox.SearchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={300}
          type="search"
        />
        <Select
          label={t('ADMIN.Outbox.State')}
          w={180}
          allowDeselect={false}
          value={status}
          onChange={(v) => {
            setStatus((v ?? '') as OutboxFilters['status']);
            setPage(1);
          }}
          data={[
            { value: '', label: t('ADMIN.Outbox.StatusAll') },
            ...statuses.map((s) => ({ value: s, label: t(`ADMIN.Outbox.Status.${s}`) })),
          ]}
        />
      </Group>
      <DataTable
        data={outbox.data?.data}
        columns={columns}
        total={outbox.data?.count}
        paging={paging}
        loading={outbox.isFetching}
        getRowId={(m) => String(m.mailID)}
        empty={t(filtered ? 'ADMIN.Outbox.NoMatch' : 'ADMIN.Outbox.Empty')}
      />
      {outbox.isError && (
        <Alert color="red" role="alert" mt="md">
          {apiErrorText(outbox.error)}
        </Alert>
      )}
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        title={open?.subject}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
      >
        {open && (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {open.recipient} · {fmt.dateTime(open.createdAt)}
            </Text>
            <Group gap="xs" mb="sm">
              <StatusBadge mail={open} />
              <Text size="sm">
                {open.sentAt
                  ? t('ADMIN.Outbox.SentAt', { time: fmt.dateTime(open.sentAt) })
                  : open.nextAttemptAt
                    ? t('ADMIN.Outbox.NextAttempt', { time: fmt.dateTime(open.nextAttemptAt) })
                    : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {t('ADMIN.Outbox.Attempts', { count: open.attempts })}
              </Text>
            </Group>
            {open.lastError && (
              <Alert color="red" mb="sm" title={t('ADMIN.Outbox.LastError')}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {open.lastError}
                </Text>
              </Alert>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="outbox-body">
              {open.textBody}
            </Text>
            {open.status === 'failed' && (
              <Group justify="flex-end" mt="md">
                <Button onClick={() => retryMail(open)} loading={retry.isPending}>
                  {t('ADMIN.Outbox.Retry')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Modal>
    </Card>
  );
}
