import { Table } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import type { OrderDraft } from '../variants/types';
import { invalidRowStyle, RowActions } from './order-cells';
import { PlaceCells } from './order-row-cells';

type Props<D extends OrderDraft> = {
  row: D;
  /** `aac-row`, `lintel-row`. */
  testId: string;
  editable: boolean;
  /** What the rules find wrong with the row; none when it is valid. */
  problems: string[];
  saving: boolean;
  /** The row's background while it is not marked invalid. */
  color?: string;
  /** Marks a changed row (`data-dirty`). */
  markDirty?: boolean;
  onChange: (row: D, change: (r: D) => D) => void;
  onSave: (row: D) => void;
  onDelete: (row: D) => void;
  /** The material's cells, between the storey and the actions. */
  children: ReactNode;
};

/**
 * What every order row has around its material's cells: the position, room and storey, the save,
 * delete or problem action (§4), Enter to save a changed valid row, and the invalid mark.
 */
export function OrderRowFrame<D extends OrderDraft>(props: Props<D>) {
  const { row, testId, editable, problems, saving, color, markDirty, onChange, onSave, onDelete, children } = props;
  const valid = problems.length === 0;
  const invalid = row.isDirty && !row.isBlank && !valid;
  const style = invalid ? invalidRowStyle : color ? { backgroundColor: color } : undefined;

  if (!editable) {
    return (
      <Table.Tr style={style} data-testid={testId}>
        <Table.Td>{row.itemIndex}</Table.Td>
        <Table.Td>{row.sublotName}</Table.Td>
        <Table.Td>{row.floorName}</Table.Td>
        {children}
      </Table.Tr>
    );
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && row.isDirty && valid && !saving) {
      e.preventDefault();
      onSave(row);
    }
  };
  return (
    <Table.Tr
      style={style}
      onKeyDown={onKeyDown}
      data-testid={testId}
      data-invalid={invalid ? 'true' : undefined}
      data-dirty={markDirty && row.isDirty ? 'true' : undefined}
    >
      <Table.Td>{row.itemIndex}</Table.Td>
      <PlaceCells row={row} onChange={onChange} />
      {children}
      <Table.Td>
        <RowActions
          index={row.itemIndex}
          isDirty={row.isDirty && !row.isBlank}
          isNew={row.isNew}
          valid={valid}
          problems={problems}
          saving={saving}
          onSave={() => onSave(row)}
          onDelete={() => onDelete(row)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
