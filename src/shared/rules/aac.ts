/**
 * AAC element order rules (DESIGN.md §4): a row's thickness and width come from its
 * product, length is the entered length (millimetres in the input, metres stored),
 * pallets = qty × thickness × width × length ÷ pallet capacity, two decimals.
 */
export const AAC_LENGTH_STEP_MM = 20;

export type AacProduct = {
  productNo: number;
  title: string;
  articleNo: string;
  thicknessMm: number;
  widthMm: number;
  minLengthMm: number;
  maxLengthMm: number;
  lengthStepMm: number;
  /** m³ per pallet. */
  palletCapacity: number;
  colorIndex: number;
  active: boolean;
};

export type AacRowInput = {
  product: AacProduct | null;
  /** Metres, as stored. */
  itemLength: number | null;
  qty: number | null;
};

export type AacRowProblem =
  | 'productRequired'
  | 'productInactive'
  | 'lengthRequired'
  | 'lengthOutOfRange'
  | 'lengthOffGrid'
  | 'qtyRequired'
  | 'qtyInvalid';

export const round2 = (n: number): number => Math.round((n + Number.EPSILON) * 100) / 100;

/** Millimetres from the input to stored metres. */
export const mmToM = (mm: number): number => Math.round(mm) / 1000;
/** Stored metres to millimetres for the input (integer, avoids 2.48 * 1000 = 2479.99…). */
export const mToMm = (m: number): number => Math.round(m * 1000);

export function isOnLengthGrid(lengthMm: number, stepMm = AAC_LENGTH_STEP_MM): boolean {
  return Number.isInteger(lengthMm) && lengthMm % stepMm === 0;
}

export type AacValidationOptions = {
  /** The product the row already had when it was stored: an inactive one may stay. */
  storedProductNo?: number | null;
};

/** Every reason the row cannot be saved; empty when it is valid. */
export function validateAacRow(row: AacRowInput, options: AacValidationOptions = {}): AacRowProblem[] {
  const problems: AacRowProblem[] = [];
  const { product } = row;
  if (!product) problems.push('productRequired');
  else if (!product.active && product.productNo !== options.storedProductNo) problems.push('productInactive');
  if (row.itemLength === null || row.itemLength === undefined || Number.isNaN(row.itemLength))
    problems.push('lengthRequired');
  else if (product) {
    const mm = row.itemLength * 1000;
    const step = product.lengthStepMm || AAC_LENGTH_STEP_MM;
    if (Math.abs(mm - Math.round(mm)) > 1e-6 || !isOnLengthGrid(Math.round(mm), step)) problems.push('lengthOffGrid');
    else if (mm < product.minLengthMm || mm > product.maxLengthMm) problems.push('lengthOutOfRange');
  }
  if (row.qty === null || row.qty === undefined || Number.isNaN(row.qty)) problems.push('qtyRequired');
  else if (!Number.isInteger(row.qty) || row.qty < 1) problems.push('qtyInvalid');
  return problems;
}

/** Pallets before rounding; linear in qty. */
export function aacPalletsExact(product: AacProduct, lengthM: number, qty: number): number {
  if (product.palletCapacity <= 0) return 0;
  return (qty * (product.thicknessMm / 1000) * (product.widthMm / 1000) * lengthM) / product.palletCapacity;
}

export type AacDerived = {
  /** mm */
  thickness: number | null;
  /** mm */
  width: number | null;
  /** m */
  length: number | null;
  pallets: number | null;
};

/** The computed columns of a row; null where an input is missing. */
export function deriveAacRow(row: AacRowInput): AacDerived {
  const { product, itemLength, qty } = row;
  const length = itemLength ?? null;
  const pallets =
    product && length !== null && qty !== null && qty !== undefined && !Number.isNaN(qty)
      ? round2(aacPalletsExact(product, length, qty))
      : null;
  return { thickness: product?.thicknessMm ?? null, width: product?.widthMm ?? null, length, pallets };
}

/** Area of a row in m²: width × length × qty. */
export function aacAreaM2(product: AacProduct, lengthM: number, qty: number): number {
  return (product.widthMm / 1000) * lengthM * qty;
}

/**
 * The row a new entry starts from (§4): a copy of the last row (room, storey, product,
 * length) with qty empty and index = row count + 1; with no rows an empty row.
 */
export function newAacRowTemplate<
  T extends {
    sublotName: string | null;
    floorName: string | null;
    productNo: number | null;
    itemLength: number | null;
  },
>(
  rows: readonly T[],
): {
  itemIndex: number;
  sublotName: string | null;
  floorName: string | null;
  productNo: number | null;
  itemLength: number | null;
  qty: null;
} {
  const last = rows.at(-1);
  return {
    itemIndex: rows.length + 1,
    sublotName: last?.sublotName ?? null,
    floorName: last?.floorName ?? null,
    productNo: last?.productNo ?? null,
    itemLength: last?.itemLength ?? null,
    qty: null,
  };
}
