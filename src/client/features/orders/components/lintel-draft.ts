import { validateLintelRow, type LintelProduct, type LintelType } from '../../../../shared/rules/lintel';
import type { OrderDraft } from '../variants/types';
import { parseWhole } from './order-cells';

export type LintelDraft = OrderDraft & {
  thickness: number | null;
  length: number | null;
  /** The entered height (null while empty or not a number). */
  height: number | null;
  heightText: string;
  product: LintelProduct | null;
  hasCut: boolean;
  lintelType: LintelType | null;
};

export type LintelCatalogue = {
  products: readonly LintelProduct[];
  thicknessOptions: { value: string; label: string }[];
};

export function lintelRowInput(row: LintelDraft) {
  return {
    thickness: row.thickness,
    length: row.length,
    height: row.height,
    product: row.product,
    qty: parseWhole(row.qty),
  };
}

const checked = new WeakMap<LintelDraft, { input: ReturnType<typeof lintelRowInput>; valid: boolean }>();

/** The rules' view of a row and its validity, cached per draft object. */
export function checkLintelRow(row: LintelDraft) {
  const hit = checked.get(row);
  if (hit) return hit;
  const input = lintelRowInput(row);
  const entry = { input, valid: validateLintelRow(input, { storedProductNo: row.storedProductNo }).length === 0 };
  checked.set(row, entry);
  return entry;
}
