import { Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderColumn } from '../variants/types';
import { SkeletonRows } from './order-cells';

export const ROW_HEIGHT = 40;
/** Tables above this size render only the rows in view (plus a margin). */
const WINDOW_THRESHOLD = 80;
const OVERSCAN = 12;

type Props<R> = {
  testId: string;
  columns: OrderColumn[];
  rows: readonly R[] | null;
  editable: boolean;
  renderRow: (row: R) => ReactNode;
};

/**
 * The frame of both order tables: fixed column widths, a sticky header, placeholder rows
 * while loading, and windowing (TanStack Virtual) for long orders so a 1,000-row table stays responsive.
 */
export function OrderTableFrame<R>({ testId, columns, rows, editable, renderRow }: Props<R>) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows?.length ?? 0;
  const windowed = count > WINDOW_THRESHOLD;
  // The frame re-renders on every scroll step anyway; nothing below is memoised on the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    enabled: windowed,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const slice = windowed ? virtualizer.getVirtualItems() : [];
  const start = windowed ? (slice[0]?.index ?? 0) : 0;
  const end = windowed ? (slice.at(-1)?.index ?? -1) + 1 : count;
  const padTop = windowed ? (slice[0]?.start ?? 0) : 0;
  const padBottom = windowed ? virtualizer.getTotalSize() - (slice.at(-1)?.end ?? 0) : 0;
  const shown = editable
    ? columns
    : columns.filter((c) => c.key !== 'Actions').map((c) => ({ ...c, width: c.readWidth ?? c.width }));
  const width = shown.reduce((n, c) => n + c.width, 0);
  return (
    <div
      ref={scrollRef}
      style={{ overflow: 'auto', maxHeight: windowed ? '70vh' : undefined, overflowAnchor: 'none' }}
      data-testid={`${testId}-scroll`}
      // Reachable by keyboard, so the arrow keys scroll a table wider than the page.
      tabIndex={0}
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
                // A header longer than its column wraps inside it instead of running into the next.
                style={{ overflowWrap: 'break-word' }}
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
              {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
              {rows.slice(start, end).map(renderRow)}
              {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
            </>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
