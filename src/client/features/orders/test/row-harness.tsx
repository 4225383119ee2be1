import { Table } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { renderWithProviders } from '../../../test/render';
import type { OrderDraft } from '../variants/types';

type RowHandlers<D> = {
  row: D;
  onChange: (row: D, change: (r: D) => D) => void;
  onSave: (row: D) => void;
  onDelete: (row: D) => void;
};

/**
 * Renders one order row inside a table, its draft changed as the order table changes it; `calls`
 * holds the current draft and the rows saved and deleted.
 */
export function renderRow<D extends OrderDraft>(initial: D, row: (handlers: RowHandlers<D>) => ReactNode) {
  const calls = { row: initial, saved: [] as D[], deleted: [] as D[] };
  function Harness() {
    const [current, setCurrent] = useState(initial);
    calls.row = current;
    return row({
      row: current,
      onChange: (r, change) => setCurrent(change(r)),
      onSave: (r) => calls.saved.push(r),
      onDelete: (r) => calls.deleted.push(r),
    });
  }
  renderWithProviders(
    <Table>
      <Table.Tbody>
        <Harness />
      </Table.Tbody>
    </Table>,
  );
  return calls;
}
