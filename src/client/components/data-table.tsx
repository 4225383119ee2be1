import { Box, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '../lib/use-paged-list';
import { ListPager } from './list-pager';

type Props<T> = {
  data: T[] | undefined;
  columns: ColumnDef<T, unknown>[];
  /** Total rows on the server (server-side paging); undefined while loading. */
  total: number | undefined;
  paging: PagedList;
  loading?: boolean;
  empty?: ReactNode;
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => Record<string, unknown>;
  caption?: string;
  getRowId?: (row: T) => string;
};

/** The one table of the app: TanStack Table on Mantine, server-side paging, loading and empty states. */
export function DataTable<T>({
  data,
  columns,
  total,
  paging,
  loading,
  empty,
  onRowClick,
  rowProps,
  caption,
  getRowId,
}: Props<T>) {
  const { t } = useTranslation();
  const table = useReactTable({
    data: data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    getRowId,
  });
  const showSkeleton = loading && !data;

  return (
    <Box>
      {/* A table wider than the page scrolls; the scroll area is a tab stop so keyboard users can scroll it. */}
      <Table.ScrollContainer
        minWidth={600}
        type="native"
        tabIndex={0}
        role={caption ? 'region' : undefined}
        aria-label={caption}
      >
        <Table highlightOnHover={!!onRowClick} verticalSpacing="sm" striped>
          {/* Names the table for screen readers; the page heading already names it visually. */}
          {caption && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => (
                  <Table.Th key={h.id} scope="col">
                    {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {showSkeleton &&
              Array.from({ length: Math.min(paging.pageSize, 5) }, (_, i) => (
                <Table.Tr key={`s${i}`}>
                  {columns.map((_c, j) => (
                    <Table.Td key={j}>
                      <Skeleton h={16} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
                {...rowProps?.(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!showSkeleton && data?.length === 0 && (
        <Box py="lg">
          {empty ?? (
            <Text c="dimmed" ta="center">
              {t('COMMON.NoData')}
            </Text>
          )}
        </Box>
      )}
      <Box mt="sm">
        <ListPager paging={paging} total={total} />
      </Box>
    </Box>
  );
}
