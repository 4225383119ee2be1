import type { ColumnDef } from '@tanstack/react-table';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PagedList } from '../lib/use-paged-list';
import { renderWithProviders } from '../test/render';
import { DataTable } from './data-table';

type Row = { id: number; name: string };

const paging: PagedList = {
  page: 1,
  pageSize: 20,
  pageSizes: [20, 50],
  view: 'table',
  setView: () => undefined,
  setPage: () => undefined,
  setPageSize: () => undefined,
  clamp: () => undefined,
};
const columns: ColumnDef<Row, unknown>[] = [{ accessorKey: 'name', header: 'Name' }];

describe('DataTable', () => {
  it('names the table for screen readers with a caption that is hidden from view', () => {
    renderWithProviders(
      <DataTable
        data={[{ id: 1, name: 'Haus Nord' }]}
        columns={columns}
        total={1}
        paging={paging}
        caption="Projekte"
      />,
    );
    const table = screen.getByRole('table', { name: 'Projekte' });
    const caption = table.querySelector('caption');
    expect(caption?.textContent).toBe('Projekte');
    expect(caption?.className).toMatch(/mantine-VisuallyHidden-root/);
    expect(screen.getByRole('region', { name: 'Projekte' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Haus Nord' })).toBeTruthy();
  });

  it('has no caption without a name', () => {
    renderWithProviders(<DataTable data={[]} columns={columns} total={0} paging={paging} />);
    expect(screen.getByRole('table').querySelector('caption')).toBeNull();
  });
});
