import { Alert, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { apiErrorText } from '../../../lib/notify';

/** Page sizes of the workflow tables (spec §9): 5, 10, 20 and all. */
export const ALL_ROWS = 10_000;
const sizes = [5, 10, 20, ALL_ROWS];

type Props<T> = {
  title: string;
  testId: string;
  emptyText: string;
  columns: ColumnDef<T, unknown>[];
  query: { data?: { data: T[]; count: number }; isLoading: boolean; isError: boolean; error: unknown };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  getRowId: (row: T) => string;
};

/** A titled card with a server-paged table, its page-size choice (with "all") and empty message. */
export function PagedCard<T>({
  title,
  testId,
  emptyText,
  columns,
  query,
  page,
  pageSize,
  onPage,
  onPageSize,
  getRowId,
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Select
            aria-label={t('COMMON.PageSize')}
            data={sizes.map((s) => ({ value: String(s), label: s === ALL_ROWS ? t('WORKFLOW.Page.All') : String(s) }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (!v) return;
              onPageSize(Number(v));
              onPage(1);
            }}
            w={100}
            allowDeselect={false}
          />
        </Group>
        {query.isError && (
          <Alert color="red" title={t('ERRORMESSAGES.Title')}>
            {apiErrorText(query.error)}
          </Alert>
        )}
        <DataTable
          data={query.data?.data}
          columns={columns}
          total={query.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={onPage}
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
