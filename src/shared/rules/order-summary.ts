import { aacAreaM2, aacPalletsExact, round2, type AacProduct } from './aac';
import { lintelAreaM2, lintelPalletsExact, type LintelProduct } from './lintel';

/** Truck thresholds of the small-volume rule (§9). */
export const SMALL_VOLUME_PALLETS_A = 28;
export const SMALL_VOLUME_PALLETS_B = 32.01;

/** §5: total pallets > 0 and floor(p / 28) = floor(p / 32.01). */
export function isSmallVolume(totalPallets: number): boolean {
  return (
    totalPallets > 0 &&
    Math.floor(totalPallets / SMALL_VOLUME_PALLETS_A) === Math.floor(totalPallets / SMALL_VOLUME_PALLETS_B)
  );
}

export type AacSummaryLine = {
  productNo: number;
  title: string;
  articleNo: string;
  /** m */
  length: number;
  /** m² */
  totalArea: number;
  totalQty: number;
  totalPallets: number;
};

export type AacSummary = {
  lines: AacSummaryLine[];
  totalArea: number;
  totalQty: number;
  totalPallets: number;
  smallVolume: boolean;
};

export type SummaryAacRow = { product: AacProduct | null; itemLength: number | null; qty: number | null };

/** Code-point order of article numbers: stable, and far cheaper than localeCompare on big orders. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const counts = (qty: number | null): qty is number => qty !== null && Number.isFinite(qty) && qty >= 1;

/** One line per product and length (DESIGN.md §4), sorted by article and length, plus totals. */
export function summarizeAac(rows: readonly SummaryAacRow[]): AacSummary {
  const byKey = new Map<string, AacSummaryLine & { exactPallets: number; exactArea: number }>();
  for (const row of rows) {
    if (!row.product || row.itemLength === null || !counts(row.qty)) continue;
    const key = `${row.product.productNo}|${row.itemLength}`;
    let line = byKey.get(key);
    if (!line) {
      line = {
        productNo: row.product.productNo,
        title: row.product.title,
        articleNo: row.product.articleNo,
        length: row.itemLength,
        totalArea: 0,
        totalQty: 0,
        totalPallets: 0,
        exactPallets: 0,
        exactArea: 0,
      };
      byKey.set(key, line);
    }
    line.totalQty += row.qty;
    line.exactArea += aacAreaM2(row.product, row.itemLength, row.qty);
    line.exactPallets += aacPalletsExact(row.product, row.itemLength, row.qty);
  }
  const lines = [...byKey.values()]
    .sort((a, b) => compareText(a.articleNo, b.articleNo) || a.length - b.length)
    .map(({ exactPallets, exactArea, ...line }) => ({
      ...line,
      totalArea: round2(exactArea),
      totalPallets: round2(exactPallets),
    }));
  let area = 0;
  let qty = 0;
  let pallets = 0;
  for (const l of byKey.values()) {
    area += l.exactArea;
    qty += l.totalQty;
    pallets += l.exactPallets;
  }
  const totalPallets = round2(pallets);
  return { lines, totalArea: round2(area), totalQty: qty, totalPallets, smallVolume: isSmallVolume(totalPallets) };
}

export type LintelSummaryLine = {
  productNo: number;
  title: string;
  itemNo: string;
  height: number;
  totalArea: number;
  totalQty: number;
  totalPallets: number;
};
export type LintelSummary = {
  lines: LintelSummaryLine[];
  totalArea: number;
  totalQty: number;
  totalPallets: number;
  smallVolume: boolean;
};
export type SummaryLintelRow = { product: LintelProduct | null; qty: number | null };

/** One line per product (DESIGN.md §4) with totals. */
export function summarizeLintel(rows: readonly SummaryLintelRow[]): LintelSummary {
  const byProduct = new Map<number, LintelSummaryLine & { exactArea: number; exactPallets: number }>();
  for (const row of rows) {
    if (!row.product || !counts(row.qty)) continue;
    let line = byProduct.get(row.product.productNo);
    if (!line) {
      line = {
        productNo: row.product.productNo,
        title: row.product.title,
        itemNo: row.product.itemNo,
        height: row.product.height,
        totalArea: 0,
        totalQty: 0,
        totalPallets: 0,
        exactArea: 0,
        exactPallets: 0,
      };
      byProduct.set(row.product.productNo, line);
    }
    line.totalQty += row.qty;
    line.exactArea += lintelAreaM2(row.product, row.qty);
    line.exactPallets += lintelPalletsExact(row.product, row.qty);
  }
  let area = 0;
  let qty = 0;
  let pallets = 0;
  for (const l of byProduct.values()) {
    area += l.exactArea;
    qty += l.totalQty;
    pallets += l.exactPallets;
  }
  const lines = [...byProduct.values()]
    .sort((a, b) => compareText(a.itemNo, b.itemNo))
    .map(({ exactArea, exactPallets, ...line }) => ({
      ...line,
      totalArea: round2(exactArea),
      totalPallets: round2(exactPallets),
    }));
  const totalPallets = round2(pallets);
  return { lines, totalArea: round2(area), totalQty: qty, totalPallets, smallVolume: isSmallVolume(totalPallets) };
}
