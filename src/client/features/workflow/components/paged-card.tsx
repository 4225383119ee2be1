import { Alert, Card, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ALL_ROWS, ListToolbar } from '../../../components/list-toolbar';
import { apiErrorText } from '../../../lib/notify';
import type { PagedList } from '../../../lib/use-paged-list';

/** Page sizes of the workflow tables (spec §9): 5, 10, 20 and all. */
export const workflowPageSizes = [5, 10, 20, ALL_ROWS];

type Props<T> = {
  title: string;
  testId: string;
  emptyText: string;
  columns: ColumnDef<T, unknown>[];
  query: { data?: { data: T[]; count?: number }; isLoading: boolean; isError: boolean; error: unknown };
  paging: PagedList;
  getRowId: (row: T) => string;
};

/** A titled card with a server-paged table, its page-size choice (with "all") and empty message. */
export function PagedCard<T>({ title, testId, emptyText, columns, query, paging, getRowId }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <ListToolbar title={title} order={2} size="h4" paging={paging} />
        {query.isError && (
          <Alert color="red" title={t('ERRORMESSAGES.Title')}>
            {apiErrorText(query.error)}
          </Alert>
        )}
        <DataTable
          data={query.data?.data}
          columns={columns}
          total={query.data?.count}
          paging={paging}
          loading={query.isLoading}
          empty={
            <Text c="dimmed" ta="center">
              {emptyText}
            </Text>
          }
          getRowId={getRowId}
          caption={title}
        />
      </Stack>
    </Card>
  );
}
