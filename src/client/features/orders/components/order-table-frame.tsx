import { Table } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from './order-cells';
import { useRowWindow } from './use-row-window';

export const ROW_HEIGHT = 40;

type Column = { key: string; width: number; readWidth?: number; numeric?: boolean };

type Props<R> = {
  testId: string;
  columns: Column[];
  rows: readonly R[] | null;
  editable: boolean;
  renderRow: (row: R) => ReactNode;
};

/**
 * The frame of both order tables: fixed column widths, a sticky header, placeholder rows
 * while loading, and windowing for long orders so a 1,000-row table stays responsive.
 */
export function OrderTableFrame<R>({ testId, columns, rows, editable, renderRow }: Props<R>) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useRowWindow(scrollRef, rows?.length ?? 0, ROW_HEIGHT);
  const shown = editable
    ? columns
    : columns.filter((c) => c.key !== 'Actions').map((c) => ({ ...c, width: c.readWidth ?? c.width }));
  const width = shown.reduce((n, c) => n + c.width, 0);
  return (
    <div
      ref={scrollRef}
      style={{ overflow: 'auto', maxHeight: win.enabled ? '70vh' : undefined, overflowAnchor: 'none' }}
      data-testid={`${testId}-scroll`}
    >
      <Table
        layout="fixed"
        w={width}
        miw={width}
        verticalSpacing={4}
        horizontalSpacing={6}
        data-testid={testId}
        styles={{
          td: {
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            height: ROW_HEIGHT,
            paddingTop: 0,
            paddingBottom: 0,
            boxSizing: 'border-box',
          },
        }}
      >
        <Table.Thead style={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)' }}>
          <Table.Tr>
            {shown.map((c) => (
              <Table.Th
                key={c.key}
                w={c.width}
                ta={c.numeric ? 'right' : undefined}
                aria-label={c.key === 'Actions' ? t('ORDER.Columns.Actions') : undefined}
              >
                {c.key === 'Actions' ? null : t(`ORDER.Columns.${c.key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows ? (
            <SkeletonRows columns={shown.length} />
          ) : (
            <>
              {win.padTop > 0 && <tr aria-hidden style={{ height: win.padTop }} />}
              {rows.slice(win.start, win.end).map(renderRow)}
              {win.padBottom > 0 && <tr aria-hidden style={{ height: win.padBottom }} />}
            </>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
