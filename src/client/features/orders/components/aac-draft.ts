import { mmToM, validateAacRow, type AacProduct } from '../../../../shared/rules/aac';
import type { OrderDraft } from '../variants/types';
import { parseWhole } from './order-cells';

export type AacDraft = OrderDraft & {
  productNo: number | null;
  /** The product of the saved row, which the active catalogue may no longer hold. */
  storedProduct: AacProduct | null;
  lengthMm: string;
};

export type AacCatalogue = {
  byNo: ReadonlyMap<number, AacProduct>;
  options: { value: string; label: string; disabled?: boolean }[];
};

function productOf(row: AacDraft, catalogue: AacCatalogue): AacProduct | null {
  if (row.productNo === null) return null;
  const stored = row.storedProduct?.productNo === row.productNo ? row.storedProduct : null;
  return catalogue.byNo.get(row.productNo) ?? stored;
}

/** What the rules see of a draft. */
export function aacRowInput(row: AacDraft, catalogue: AacCatalogue) {
  const lengthMm = parseWhole(row.lengthMm);
  return {
    product: productOf(row, catalogue),
    itemLength: lengthMm === null ? null : Number.isNaN(lengthMm) ? Number.NaN : mmToM(lengthMm),
    qty: parseWhole(row.qty),
  };
}

const checked = new WeakMap<
  AacDraft,
  { catalogue: AacCatalogue; input: ReturnType<typeof aacRowInput>; valid: boolean }
>();

/** The rules' view of a row and its validity, cached per draft object (unchanged rows keep theirs). */
export function checkAacRow(row: AacDraft, catalogue: AacCatalogue) {
  const hit = checked.get(row);
  if (hit && hit.catalogue === catalogue) return hit;
  const input = aacRowInput(row, catalogue);
  const entry = {
    catalogue,
    input,
    valid: validateAacRow(input, { storedProductNo: row.storedProductNo }).length === 0,
  };
  checked.set(row, entry);
  return entry;
}
