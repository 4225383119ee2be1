import { Table } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SmallVolumeAlert } from './order-cells';
import { useNumberFormat } from './use-number-format';

type Cell = string | number;

/** What every material's summary has: its lines and whether the volume is small (§5). */
export type SummaryBase = { lines: readonly unknown[]; smallVolume: boolean };
export type LineOf<Summary> = Summary extends { lines: readonly (infer Line)[] } ? Line : never;

/** A column of an order summary (§2): its label key (ORDER.Summary.*), its value, its total. */
export type SummaryColumn<Line, Summary> = {
  key: string;
  value: (line: Line) => Cell;
  /** Right-aligned and in the app's number format. */
  numeric?: boolean;
  /** Kept on one line (article numbers). */
  nowrap?: boolean;
  /** The column's figure in the total row; the columns before the first total share its label. */
  total?: (summary: Summary) => number;
};

/** What a material shows in its summary: the lines' key, the columns, the table's least width. */
export type SummarySpec<Line, Summary> = {
  minWidth: number;
  lineKey: (line: Line) => string;
  columns: readonly SummaryColumn<Line, Summary>[];
};

type LineProps = { columns: readonly SummaryColumn<never, never>[]; cells: readonly Cell[] };

const sameLine = (a: LineProps, b: LineProps) =>
  a.columns === b.columns && a.cells.length === b.cells.length && a.cells.every((c, i) => c === b.cells[i]);

/** One summary line; compared cell by cell, so an edit re-renders only the lines it changes. */
const SummaryLine = memo(function SummaryLine({ columns, cells }: LineProps) {
  const number = useNumberFormat();
  return (
    <Table.Tr>
      {columns.map((c, i) => (
        <Table.Td
          key={c.key}
          ta={c.numeric ? 'right' : undefined}
          style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
        >
          {c.numeric ? number(cells[i] as number) : cells[i]}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}, sameLine);

type Props<Summary> = {
  /** Prefix of the test ids (`aac` → `aac-summary`, `aac-summary-total`). */
  name: string;
  spec: SummarySpec<LineOf<Summary>, Summary>;
  summary: Summary & SummaryBase;
};

/** §2 summary of any material: one line per article, a total row, the small-volume hint. */
export function SummaryTable<Summary>({ name, spec, summary }: Props<Summary>) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const { columns } = spec;
  const labelSpan = columns.findIndex((c) => c.total);
  return (
    <>
      <Table.ScrollContainer minWidth={spec.minWidth}>
        <Table striped data-testid={`${name}-summary`}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {t(`ORDER.Summary.${c.key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(summary.lines as readonly LineOf<Summary>[]).map((l) => (
              <SummaryLine
                key={spec.lineKey(l)}
                columns={columns as LineProps['columns']}
                cells={columns.map((c) => c.value(l))}
              />
            ))}
            <Table.Tr fw={700} data-testid={`${name}-summary-total`}>
              <Table.Td colSpan={labelSpan}>{t('ORDER.Summary.Total')}</Table.Td>
              {columns.slice(labelSpan).map((c) => (
                <Table.Td key={c.key} ta="right">
                  {c.total ? number(c.total(summary)) : null}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {summary.smallVolume && <SmallVolumeAlert />}
    </>
  );
}
