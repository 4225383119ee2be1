import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { JournalEntry } from '../../../../shared/schemas/journal';
import { DataTable } from '../../../components/data-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { useStateLabel } from '../../../components/state-badge';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/format';
import { apiErrorText } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { isDeletedLogin } from '../../../../shared/rules/deleted-user';
import { useJournal, type JournalFilter } from '../api/get-journal';
import { JournalFilters } from '../components/journal-filters';
import { journalChange } from '../lib/journal-change';

const pageSizes = [10, 20, 50];
const noFilter: JournalFilter = { name: '', number: '', types: [], user: '' };

/**
 * The project history (spec §2 Journal page). Who may read it is the server's rule (internal users
 * of the project's tenant with HasJournal, the unit's `canReadJournal`): a refused list shows the
 * page's notice instead of the table.
 */
export function JournalPage() {
  const { rootUnitId, unitId } = useParams();
  const rootId = Number(rootUnitId);
  const { t } = useTranslation();
  const backTo = `/home/app/project/details/${rootUnitId}${unitId ? `/${unitId}` : ''}`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('JOURNAL.Back')}
        </Group>
      </Anchor>
      {Number.isInteger(rootId) ? <JournalTable rootId={rootId} /> : <JournalNotAvailable />}
    </Stack>
  );
}

function JournalNotAvailable() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2">
        {t('JOURNAL.Title')}
      </Title>
      <Alert color="yellow" data-testid="journal-not-available">
        {t('JOURNAL.NotAvailable')}
      </Alert>
    </>
  );
}

function JournalTable({ rootId }: { rootId: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const stateLabel = useStateLabel();
  const [filter, setFilter] = useState<JournalFilter>(noFilter);
  const [debounced] = useDebouncedValue(filter, 300);
  const paging = usePagedList({ pageSizes, defaultPageSize: 10 });
  const journal = useJournal(rootId, paging.page, paging.pageSize, debounced);

  const columns = useMemo<ColumnDef<JournalEntry, unknown>[]>(
    () => [
      { id: 'name', header: t('JOURNAL.UnitName'), cell: ({ row }) => row.original.projectUnitName },
      {
        id: 'no',
        header: t('JOURNAL.UnitNo'),
        cell: ({ row }) => (
          <Text span ff="monospace" size="sm">
            {row.original.projectUnitNo}
          </Text>
        ),
      },
      {
        id: 'type',
        header: t('JOURNAL.UnitType'),
        cell: ({ row }) =>
          t(`JOURNAL.Types.${row.original.projectUnitType}`, { defaultValue: row.original.projectUnitType }),
      },
      { id: 'date', header: t('JOURNAL.Date'), cell: ({ row }) => fmt.dateTime(row.original.date) },
      {
        id: 'member',
        header: t('JOURNAL.Member'),
        // A deleted account keeps its place in the history without its personal data.
        cell: ({ row }) => {
          const email = row.original.userEmail;
          if (email === null) return t('WORKFLOW.Page.System');
          return isDeletedLogin(email) ? t('PROFILE.DeletedUser') : email;
        },
      },
      {
        id: 'change',
        header: t('JOURNAL.StateChange'),
        cell: ({ row }) => journalChange(row.original.contentJson, stateLabel).text,
      },
      {
        id: 'delayed',
        header: t('JOURNAL.Delayed'),
        cell: ({ row }) =>
          row.original.delayed ? (
            <Badge color="red" variant="light">
              {t('COMMON.Yes')}
            </Badge>
          ) : (
            t('COMMON.No')
          ),
      },
      {
        id: 'reason',
        header: t('JOURNAL.DelayReason'),
        cell: ({ row }) => {
          const { rule, delayed, contentJson } = row.original;
          const parts = [
            delayed ? t('JOURNAL.DelayedReason') : null,
            rule
              ? [
                  t('WORKFLOW.Rule.reminder', { count: rule.remindAfterWorkingDays }),
                  t('WORKFLOW.Rule.escalation', { count: rule.escalateAfterWorkingDays }),
                ].join(', ')
              : null,
            // An event's message already stands in the change column.
            journalChange(contentJson, stateLabel).kind === 'event' ? null : (contentJson.additionalMessage ?? null),
          ].filter(Boolean);
          return <Text size="sm">{parts.join(' · ') || '–'}</Text>;
        },
      },
    ],
    [t, fmt, stateLabel],
  );

  // 403: a reader of the project who may not read its journal; 404: not a reader (nothing leaks).
  if (journal.error instanceof ApiError && (journal.error.status === 403 || journal.error.status === 404)) {
    return <JournalNotAvailable />;
  }
  return (
    <Stack gap="md">
      <ListToolbar title={t('JOURNAL.Title')} paging={paging} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <JournalFilters
            value={filter}
            onChange={(next) => {
              setFilter(next);
              paging.setPage(1);
            }}
          />
          {journal.isError && (
            <Alert color="red" title={t('ERRORMESSAGES.Title')}>
              {apiErrorText(journal.error)}
            </Alert>
          )}
          <DataTable
            data={journal.data?.data}
            columns={columns}
            total={journal.data?.count}
            paging={paging}
            loading={journal.isLoading}
            empty={
              <Text c="dimmed" ta="center">
                {t('JOURNAL.Empty')}
              </Text>
            }
            getRowId={(r) => String(r.projectUnitsJournalID)}
            rowProps={(r) =>
              r.delayed ? { 'data-delayed': 'true', style: { backgroundColor: 'var(--mantine-color-red-light)' } } : {}
            }
            caption={t('JOURNAL.Title')}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
