/**
 * Lintel order rules (DESIGN.md §4): thickness narrows lengths, length narrows heights;
 * an entered height picks the product with the same thickness and length and the
 * smallest height ≥ the entered one among the products that make the row valid
 * (docs/lintel-lookup.md); hasCut = product height ≠ entered height; flat lintels
 * (`FS`) cannot be cut.
 */
export const LINTEL_TYPES = ['standard', 'FS', 'load-bearing'] as const;
export type LintelType = (typeof LINTEL_TYPES)[number];

export type LintelProduct = {
  productNo: number;
  title: string;
  itemNo: string;
  lintelType: LintelType;
  /** mm */
  thickness: number;
  /** mm */
  length: number;
  /** mm */
  height: number;
  piecesPerPallet: number;
  active: boolean;
};

export type LintelRowInput = {
  thickness: number | null;
  length: number | null;
  /** The entered (needed) height in mm. */
  height: number | null;
  product: LintelProduct | null;
  qty: number | null;
};

export type LintelRowProblem =
  | 'thicknessRequired'
  | 'lengthRequired'
  | 'heightRequired'
  | 'productRequired'
  | 'productInactive'
  | 'productMismatch'
  | 'heightTooLarge'
  | 'fsCannotBeCut'
  | 'qtyRequired'
  | 'qtyInvalid';

const sortedUnique = (values: number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/** The thicknesses that can be picked (active products only). */
export function lintelThicknesses(products: readonly LintelProduct[]): number[] {
  return sortedUnique(products.filter((p) => p.active).map((p) => p.thickness));
}

export function lintelLengths(products: readonly LintelProduct[], thickness: number | null): number[] {
  if (thickness === null) return [];
  return sortedUnique(products.filter((p) => p.active && p.thickness === thickness).map((p) => p.length));
}

export function lintelHeights(
  products: readonly LintelProduct[],
  thickness: number | null,
  length: number | null,
): number[] {
  if (thickness === null || length === null) return [];
  return sortedUnique(
    products.filter((p) => p.active && p.thickness === thickness && p.length === length).map((p) => p.height),
  );
}

/** The products a user may pick for the row: same thickness and length, height ≥ the entered one. */
export function lintelCandidates(
  products: readonly LintelProduct[],
  thickness: number | null,
  length: number | null,
  height: number | null,
): LintelProduct[] {
  if (thickness === null || length === null) return [];
  return products
    .filter(
      (p) => p.active && p.thickness === thickness && p.length === length && (height === null || p.height >= height),
    )
    .sort((a, b) => a.height - b.height || a.productNo - b.productNo);
}

/**
 * The product for an entered height: same thickness and length, and the smallest height ≥ the
 * entered one among the products that make the row valid — a flat lintel (FS) only when it fits
 * exactly, because it cannot be cut. Without such a product, the smallest candidate (the row then
 * says why it is invalid).
 */
export function findLintelProduct(
  products: readonly LintelProduct[],
  thickness: number | null,
  length: number | null,
  height: number | null,
): LintelProduct | null {
  if (height === null) return null;
  const candidates = lintelCandidates(products, thickness, length, height);
  return candidates.find((p) => !(p.lintelType === 'FS' && lintelHasCut(p, height))) ?? candidates[0] ?? null;
}

export function lintelHasCut(product: LintelProduct | null, enteredHeight: number | null): boolean {
  if (!product || enteredHeight === null) return false;
  return product.height !== enteredHeight;
}

/** Every reason the row cannot be saved; empty when valid. */
export function validateLintelRow(
  row: LintelRowInput,
  options: { storedProductNo?: number | null } = {},
): LintelRowProblem[] {
  const problems: LintelRowProblem[] = [];
  if (row.thickness === null) problems.push('thicknessRequired');
  if (row.length === null) problems.push('lengthRequired');
  if (row.height === null || Number.isNaN(row.height)) problems.push('heightRequired');
  else if (row.height <= 0 || !Number.isInteger(row.height)) problems.push('heightRequired');
  const p = row.product;
  if (!p) {
    if (row.height !== null && row.thickness !== null && row.length !== null) problems.push('heightTooLarge');
    else problems.push('productRequired');
  } else {
    if (!p.active && p.productNo !== options.storedProductNo) problems.push('productInactive');
    if (p.thickness !== row.thickness || p.length !== row.length) problems.push('productMismatch');
    else if (row.height !== null && p.height < row.height) problems.push('heightTooLarge');
    else if (p.lintelType === 'FS' && lintelHasCut(p, row.height)) problems.push('fsCannotBeCut');
  }
  if (row.qty === null || row.qty === undefined || Number.isNaN(row.qty)) problems.push('qtyRequired');
  else if (!Number.isInteger(row.qty) || row.qty < 1) problems.push('qtyInvalid');
  return problems;
}

/** Area of a row in m² as DESIGN.md §4 defines it: thickness × length × qty. */
export function lintelAreaM2(product: LintelProduct, qty: number): number {
  return (product.thickness / 1000) * (product.length / 1000) * qty;
}

export function lintelPalletsExact(product: LintelProduct, qty: number): number {
  return product.piecesPerPallet > 0 ? qty / product.piecesPerPallet : 0;
}

/** The lintel edit flow of §4, as pure state transitions of one row. */
export type LintelDraft = {
  thickness: number | null;
  length: number | null;
  height: number | null;
  product: LintelProduct | null;
  hasCut: boolean;
  lintelType: LintelType | null;
};

export function setLintelThickness<T extends LintelDraft>(row: T, thickness: number | null): T {
  return { ...row, thickness, length: null, height: null, product: null, hasCut: false, lintelType: null };
}

export function setLintelLength<T extends LintelDraft>(row: T, length: number | null): T {
  return { ...row, length, height: null, product: null, hasCut: false, lintelType: null };
}

export function setLintelHeight<T extends LintelDraft>(
  row: T,
  height: number | null,
  products: readonly LintelProduct[],
): T {
  const product = findLintelProduct(products, row.thickness, row.length, height);
  return { ...row, height, product, hasCut: lintelHasCut(product, height), lintelType: product?.lintelType ?? null };
}

export function setLintelProduct<T extends LintelDraft>(row: T, product: LintelProduct | null): T {
  return { ...row, product, hasCut: lintelHasCut(product, row.height), lintelType: product?.lintelType ?? null };
}
