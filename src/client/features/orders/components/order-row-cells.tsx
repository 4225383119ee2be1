import { NativeSelect, Table, TextInput, type NativeSelectProps, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDraft } from '../variants/types';

/** The accessible name of a row's input: its column and the row's position ("Menge 3"). */
export function useCellLabel(itemIndex: number): (column: string) => string {
  const { t } = useTranslation();
  return (column) => `${t(`ORDER.Columns.${column}`)} ${itemIndex}`;
}

/** A figure of a row, right-aligned. */
export function NumberCell({ children }: { children: ReactNode }) {
  return <Table.Td ta="right">{children}</Table.Td>;
}

type InputCellProps = Omit<TextInputProps, 'size' | 'onChange'> & {
  onValue: (value: string) => void;
  /** Shown after the input in the cell (a datalist). */
  after?: ReactNode;
};

/** A text or number input in a row's cell. */
export function InputCell({ onValue, after, ...input }: InputCellProps) {
  return (
    <Table.Td>
      <TextInput size="xs" {...input} onChange={(e) => onValue(e.currentTarget.value)} />
      {after}
    </Table.Td>
  );
}

type SelectCellProps = Omit<NativeSelectProps, 'size' | 'onChange'> & { onValue: (value: string) => void };

/** A select in a row's cell. */
export function SelectCell({ onValue, ...select }: SelectCellProps) {
  return (
    <Table.Td>
      <NativeSelect size="xs" {...select} onChange={(e) => onValue(e.currentTarget.value)} />
    </Table.Td>
  );
}

type RowCellProps<D extends OrderDraft> = {
  row: D;
  onChange: (row: D, change: (r: D) => D) => void;
};

/** The room and the storey of a row, free text of at most 100 characters. */
export function PlaceCells<D extends OrderDraft>({ row, onChange }: RowCellProps<D>) {
  const label = useCellLabel(row.itemIndex);
  return (
    <>
      <InputCell
        value={row.sublotName}
        onValue={(sublotName) => onChange(row, (r) => ({ ...r, sublotName }))}
        aria-label={label('Room')}
        maxLength={100}
      />
      <InputCell
        value={row.floorName}
        onValue={(floorName) => onChange(row, (r) => ({ ...r, floorName }))}
        aria-label={label('Storey')}
        maxLength={100}
      />
    </>
  );
}

/** The quantity of a row, a whole number from 1. */
export function QuantityCell<D extends OrderDraft>({
  row,
  onChange,
  ...input
}: RowCellProps<D> & Pick<TextInputProps, 'step' | 'error'>) {
  const label = useCellLabel(row.itemIndex);
  return (
    <InputCell
      type="number"
      min={1}
      {...input}
      value={row.qty}
      onValue={(qty) => onChange(row, (r) => ({ ...r, qty }))}
      aria-label={label('Quantity')}
    />
  );
}
