import type { SummaryColumn } from '../components/summary-table';

type Totals = { totalArea: number; totalQty: number };

/** The summary columns every material has: the article's title, then its area and quantity with totals. */
export const articleColumn: SummaryColumn<{ title: string }, unknown> = { key: 'Article', value: (l) => l.title };

const areaColumn: SummaryColumn<Totals, Totals> = {
  key: 'Area',
  value: (l) => l.totalArea,
  numeric: true,
  total: (s) => s.totalArea,
};

const quantityColumn: SummaryColumn<Totals, Totals> = {
  key: 'Quantity',
  value: (l) => l.totalQty,
  numeric: true,
  total: (s) => s.totalQty,
};

export const amountColumns = [areaColumn, quantityColumn];
