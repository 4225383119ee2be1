import { Alert, Card, Modal, Text, UnstyledButton } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '../../../../shared/schemas/admin';
import { DataTable } from '../../../components/data-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { useFormatters } from '../../../lib/format';
import { apiErrorText } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useOutbox } from '../api/get-outbox';

const pageSizes = [10, 20, 50, 100];

/** home/app/admin/outbox: e-mails kept when no SMTP server is configured (DESIGN.md §6). */
export function OutboxPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const paging = usePagedList({ pageSizes, defaultPageSize: 20 });
  const outbox = useOutbox(paging.page, paging.pageSize);
  const [open, setOpen] = useState<OutboxMail | null>(null);

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
      <DataTable
        data={outbox.data?.data}
        columns={columns}
        total={outbox.data?.count}
        paging={paging}
        loading={outbox.isFetching}
        getRowId={(m) => String(m.mailID)}
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
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="outbox-body">
              {open.textBody}
            </Text>
          </>
        )}
      </Modal>
    </Card>
  );
}
