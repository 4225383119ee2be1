import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LintelSummary } from '../../../../shared/rules/order-summary';
import { memo } from 'react';
import { SmallVolumeAlert } from './order-cells';
import { useNumberFormat } from './use-number-format';

type LineProps = { title: string; itemNo: string; height: number; area: number; qty: number };

const LintelLine = memo(function LintelLine({ title, itemNo, height, area, qty }: LineProps) {
  const number = useNumberFormat();
  return (
    <Table.Tr>
      <Table.Td>{title}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{itemNo}</Table.Td>
      <Table.Td ta="right">{number(height)}</Table.Td>
      <Table.Td ta="right">{number(area)}</Table.Td>
      <Table.Td ta="right">{number(qty)}</Table.Td>
    </Table.Tr>
  );
});

/** §2 lintel summary: article, number, height, area, quantity, with totals. */
export function LintelSummaryTable({ summary }: { summary: LintelSummary }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="lintel-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ORDER.Summary.Article')}</Table.Th>
              <Table.Th>{t('ORDER.Summary.Number')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Height')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Area')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.lines.map((l) => (
              <LintelLine
                key={l.productNo}
                title={l.title}
                itemNo={l.itemNo}
                height={l.height}
                area={l.totalArea}
                qty={l.totalQty}
              />
            ))}
            <Table.Tr fw={700} data-testid="lintel-summary-total">
              <Table.Td colSpan={3}>{t('ORDER.Summary.Total')}</Table.Td>
              <Table.Td ta="right">{number(summary.totalArea)}</Table.Td>
              <Table.Td ta="right">{number(summary.totalQty)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {summary.smallVolume && <SmallVolumeAlert />}
    </>
  );
}
