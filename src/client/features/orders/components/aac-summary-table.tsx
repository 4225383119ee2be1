import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AacSummary } from '../../../../shared/rules/order-summary';
import { memo } from 'react';
import { SmallVolumeAlert } from './order-cells';
import { useNumberFormat } from './use-number-format';

type LineProps = { title: string; articleNo: string; length: number; area: number; qty: number; pallets: number };

/** One summary line; primitive props, so an edit re-renders only the lines it changes. */
const AacLine = memo(function AacLine({ title, articleNo, length, area, qty, pallets }: LineProps) {
  const number = useNumberFormat();
  return (
    <Table.Tr>
      <Table.Td>{title}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{articleNo}</Table.Td>
      <Table.Td ta="right">{number(length)}</Table.Td>
      <Table.Td ta="right">{number(area)}</Table.Td>
      <Table.Td ta="right">{number(qty)}</Table.Td>
      <Table.Td ta="right">{number(pallets)}</Table.Td>
    </Table.Tr>
  );
});

/** §2 AAC summary: article, article number, length, area, quantity, pallets, plus a total row. */
export function AacSummaryTable({ summary }: { summary: AacSummary }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="aac-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ORDER.Summary.Article')}</Table.Th>
              <Table.Th>{t('ORDER.Summary.ArticleNo')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Length')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Area')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Quantity')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Summary.Pallets')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.lines.map((l) => (
              <AacLine
                key={`${l.productNo}-${l.length}`}
                title={l.title}
                articleNo={l.articleNo}
                length={l.length}
                area={l.totalArea}
                qty={l.totalQty}
                pallets={l.totalPallets}
              />
            ))}
            <Table.Tr fw={700} data-testid="aac-summary-total">
              <Table.Td colSpan={3}>{t('ORDER.Summary.Total')}</Table.Td>
              <Table.Td ta="right">{number(summary.totalArea)}</Table.Td>
              <Table.Td ta="right">{number(summary.totalQty)}</Table.Td>
              <Table.Td ta="right">{number(summary.totalPallets)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {summary.smallVolume && <SmallVolumeAlert />}
    </>
  );
}
