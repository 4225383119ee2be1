import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aacPalletsExact, deriveAacRow, mmToM, mToMm, newAacRowTemplate, validateAacRow, type AacProduct } from './aac';
import {
  findLintelProduct,
  lintelHeights,
  lintelLengths,
  lintelThicknesses,
  setLintelHeight,
  setLintelLength,
  setLintelProduct,
  setLintelThickness,
  validateLintelRow,
  type LintelDraft,
  type LintelProduct,
} from './lintel';
import { isSmallVolume, summarizeAac, summarizeLintel } from './order-summary';

const aac = (over: Partial<AacProduct> = {}): AacProduct => ({
  productNo: 1,
  title: 'PP2-0.35 d=240',
  articleNo: 'E240-625',
  thicknessMm: 240,
  widthMm: 625,
  minLengthMm: 1000,
  maxLengthMm: 6000,
  lengthStepMm: 20,
  palletCapacity: 1.8,
  colorIndex: 0,
  active: true,
  ...over,
});

const lintel = (over: Partial<LintelProduct>): LintelProduct => ({
  productNo: 1,
  title: 'Sturz',
  itemNo: 'S',
  lintelType: 'standard',
  thickness: 175,
  length: 1250,
  height: 124,
  piecesPerPallet: 40,
  active: true,
  ...over,
});

// Six products, addressed by position in the tests below.
const lintels: [LintelProduct, LintelProduct, LintelProduct, LintelProduct, LintelProduct, LintelProduct] = [
  lintel({ productNo: 1, itemNo: 'FS-115-1250-71', lintelType: 'FS', thickness: 115, length: 1250, height: 71 }),
  lintel({ productNo: 2, itemNo: 'ST-115-1250-124', thickness: 115, length: 1250, height: 124 }),
  lintel({ productNo: 3, itemNo: 'ST-115-1250-249', thickness: 115, length: 1250, height: 249 }),
  lintel({ productNo: 4, itemNo: 'ST-115-1500-124', thickness: 115, length: 1500, height: 124 }),
  lintel({
    productNo: 5,
    itemNo: 'TS-240-2000-249',
    lintelType: 'load-bearing',
    thickness: 240,
    length: 2000,
    height: 249,
  }),
  lintel({ productNo: 6, itemNo: 'OLD-240-2000-200', thickness: 240, length: 2000, height: 200, active: false }),
];

describe('AAC rules', () => {
  it('accepts a product, a length on the 20 mm grid inside the range, and qty ≥ 1', () => {
    expect(validateAacRow({ product: aac(), itemLength: 2.48, qty: 3 })).toEqual([]);
  });

  it('names every problem of an invalid row', () => {
    expect(validateAacRow({ product: null, itemLength: null, qty: null })).toEqual([
      'productRequired',
      'lengthRequired',
      'qtyRequired',
    ]);
    expect(validateAacRow({ product: aac(), itemLength: 2.47, qty: 0 })).toEqual(['lengthOffGrid', 'qtyInvalid']);
    expect(validateAacRow({ product: aac(), itemLength: 0.98, qty: 1.5 })).toEqual(['lengthOutOfRange', 'qtyInvalid']);
    expect(validateAacRow({ product: aac(), itemLength: 6.02, qty: 1 })).toEqual(['lengthOutOfRange']);
  });

  it('refuses an inactive product unless the stored row already had it', () => {
    const old = aac({ active: false, productNo: 9 });
    expect(validateAacRow({ product: old, itemLength: 2, qty: 1 })).toEqual(['productInactive']);
    expect(validateAacRow({ product: old, itemLength: 2, qty: 1 }, { storedProductNo: 9 })).toEqual([]);
  });

  it('derives thickness, width, length and pallets with two decimals', () => {
    // 10 × 0.24 × 0.625 × 2.5 / 1.8 = 2.0833…
    expect(deriveAacRow({ product: aac(), itemLength: 2.5, qty: 10 })).toEqual({
      thickness: 240,
      width: 625,
      length: 2.5,
      pallets: 2.08,
    });
    expect(deriveAacRow({ product: null, itemLength: 2.5, qty: 10 }).pallets).toBeNull();
  });

  it('converts millimetres and metres without float noise', () => {
    expect(mmToM(2480)).toBe(2.48);
    expect(mToMm(2.48)).toBe(2480);
    fc.assert(fc.property(fc.integer({ min: 0, max: 300 }), (k) => mToMm(mmToM(k * 20)) === k * 20));
  });

  it('pallets scale linearly with qty (property)', () => {
    const product = fc.record({
      thicknessMm: fc.integer({ min: 100, max: 365 }),
      widthMm: fc.constantFrom(500, 625, 750),
      palletCapacity: fc.double({ min: 0.5, max: 3, noNaN: true }),
    });
    fc.assert(
      fc.property(
        product,
        fc.integer({ min: 50, max: 300 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 2, max: 20 }),
        (p, l, qty, k) => {
          const prod = aac(p);
          const one = aacPalletsExact(prod, l * 0.02, qty);
          const many = aacPalletsExact(prod, l * 0.02, qty * k);
          expect(many).toBeCloseTo(one * k, 9);
          const rounded = deriveAacRow({ product: prod, itemLength: l * 0.02, qty: qty * k }).pallets!;
          expect(Math.abs(rounded - many)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });

  it('starts a new row as a copy of the last one with qty empty', () => {
    expect(newAacRowTemplate([])).toEqual({
      itemIndex: 1,
      sublotName: null,
      floorName: null,
      productNo: null,
      itemLength: null,
      qty: null,
    });
    const rows = [
      { sublotName: 'Bad', floorName: 'EG', productNo: 3, itemLength: 2.5 },
      { sublotName: 'Küche', floorName: 'OG', productNo: 4, itemLength: 3 },
    ];
    expect(newAacRowTemplate(rows)).toEqual({
      itemIndex: 3,
      sublotName: 'Küche',
      floorName: 'OG',
      productNo: 4,
      itemLength: 3,
      qty: null,
    });
  });
});

describe('lintel rules', () => {
  it('narrows thickness → lengths → heights over active products', () => {
    expect(lintelThicknesses(lintels)).toEqual([115, 240]);
    expect(lintelLengths(lintels, 115)).toEqual([1250, 1500]);
    expect(lintelHeights(lintels, 115, 1250)).toEqual([71, 124, 249]);
    expect(lintelHeights(lintels, 240, 2000)).toEqual([249]);
    expect(lintelLengths(lintels, null)).toEqual([]);
  });

  it('finds the smallest height ≥ the entered one, with the same thickness and length', () => {
    expect(findLintelProduct(lintels, 115, 1250, 124)?.productNo).toBe(2);
    expect(findLintelProduct(lintels, 115, 1250, 100)?.productNo).toBe(2);
    // The flat lintel (71) would have to be cut to 60 mm, which it cannot: the 124 mm lintel fits.
    expect(findLintelProduct(lintels, 115, 1250, 60)?.productNo).toBe(2);
    expect(findLintelProduct(lintels, 115, 1250, 71)?.productNo).toBe(1);
    expect(findLintelProduct(lintels, 115, 1250, 250)).toBeNull();
    expect(findLintelProduct(lintels, 240, 2000, 150)?.productNo).toBe(5);
  });

  it('the chosen lintel is the smallest height ≥ entered among those that make the row valid (property)', () => {
    const products = fc.array(
      fc.record({
        thickness: fc.constantFrom(115, 175, 240),
        length: fc.constantFrom(1000, 1250, 2000),
        height: fc.integer({ min: 50, max: 300 }),
        active: fc.boolean(),
        lintelType: fc.constantFrom<LintelProduct['lintelType']>('standard', 'FS', 'load-bearing'),
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(
        products,
        fc.constantFrom(115, 175, 240),
        fc.constantFrom(1000, 1250, 2000),
        fc.integer({ min: 1, max: 320 }),
        (list, t, l, h) => {
          const catalogue = list.map((p, i) => lintel({ ...p, productNo: i + 1 }));
          const found = findLintelProduct(catalogue, t, l, h);
          const eligible = catalogue.filter((p) => p.active && p.thickness === t && p.length === l && p.height >= h);
          if (eligible.length === 0) return found === null;
          const valid = eligible.filter((p) => p.lintelType !== 'FS' || p.height === h);
          const pool = valid.length > 0 ? valid : eligible;
          return (
            found !== null &&
            found.thickness === t &&
            found.length === l &&
            found.height >= h &&
            pool.includes(found) &&
            pool.every((p) => p.height >= found.height)
          );
        },
      ),
    );
  });

  it('follows the edit flow: thickness clears, length clears, height finds the product and the cut', () => {
    const empty: LintelDraft = {
      thickness: null,
      length: null,
      height: null,
      product: null,
      hasCut: false,
      lintelType: null,
    };
    let row = setLintelThickness(empty, 115);
    row = setLintelLength(row, 1250);
    row = setLintelHeight(row, 100, lintels);
    expect(row).toMatchObject({ product: { productNo: 2 }, hasCut: true, lintelType: 'standard' });
    row = setLintelProduct(row, lintels[2]);
    expect(row).toMatchObject({ hasCut: true, lintelType: 'standard' });
    expect(setLintelHeight(row, 124, lintels)).toMatchObject({ hasCut: false });
    expect(setLintelLength(row, 1500)).toMatchObject({ length: 1500, height: null, product: null, hasCut: false });
    expect(setLintelThickness(row, 240)).toMatchObject({ thickness: 240, length: null, height: null, product: null });
  });

  it('refuses a cut of a flat lintel (FS) but accepts it uncut', () => {
    const fs = lintels[0];
    expect(validateLintelRow({ thickness: 115, length: 1250, height: 60, product: fs, qty: 2 })).toEqual([
      'fsCannotBeCut',
    ]);
    expect(validateLintelRow({ thickness: 115, length: 1250, height: 71, product: fs, qty: 2 })).toEqual([]);
    expect(validateLintelRow({ thickness: 115, length: 1250, height: 100, product: lintels[1], qty: 2 })).toEqual([]);
  });

  it('names missing and inconsistent inputs', () => {
    expect(validateLintelRow({ thickness: null, length: null, height: null, product: null, qty: null })).toEqual([
      'thicknessRequired',
      'lengthRequired',
      'heightRequired',
      'productRequired',
      'qtyRequired',
    ]);
    expect(validateLintelRow({ thickness: 115, length: 1250, height: 300, product: null, qty: 1 })).toEqual([
      'heightTooLarge',
    ]);
    expect(validateLintelRow({ thickness: 115, length: 1500, height: 100, product: lintels[1], qty: 1 })).toEqual([
      'productMismatch',
    ]);
    expect(validateLintelRow({ thickness: 240, length: 2000, height: 200, product: lintels[5], qty: 1 })).toEqual([
      'productInactive',
    ]);
    expect(
      validateLintelRow(
        { thickness: 240, length: 2000, height: 200, product: lintels[5], qty: 1 },
        { storedProductNo: 6 },
      ),
    ).toEqual([]);
  });
});

describe('order summaries', () => {
  it('applies the small-volume rule with the thresholds 28 and 32.01', () => {
    expect(isSmallVolume(0)).toBe(false);
    expect(isSmallVolume(0.5)).toBe(true);
    expect(isSmallVolume(27.99)).toBe(true);
    expect(isSmallVolume(28)).toBe(false);
    expect(isSmallVolume(32)).toBe(false);
    expect(isSmallVolume(32.01)).toBe(true);
    expect(isSmallVolume(56)).toBe(false);
  });

  it('groups AAC rows per product and length and totals them', () => {
    const a = aac({ productNo: 1, articleNo: 'A' });
    const b = aac({ productNo: 2, articleNo: 'B', widthMm: 500 });
    const s = summarizeAac([
      { product: a, itemLength: 2.5, qty: 10 },
      { product: a, itemLength: 2.5, qty: 5 },
      { product: a, itemLength: 3, qty: 1 },
      { product: b, itemLength: 2, qty: 4 },
      { product: b, itemLength: 2, qty: null },
      { product: null, itemLength: 2, qty: 4 },
    ]);
    expect(s.lines.map((l) => [l.articleNo, l.length, l.totalQty, l.totalArea])).toEqual([
      ['A', 2.5, 15, 23.44],
      ['A', 3, 1, 1.88],
      ['B', 2, 4, 4],
    ]);
    expect(s.totalQty).toBe(20);
    expect(s.totalArea).toBe(29.31);
    expect(s.smallVolume).toBe(true);
  });

  it('summaries add up to the rows (property)', () => {
    const row = fc.record({
      productNo: fc.integer({ min: 1, max: 5 }),
      length: fc.integer({ min: 50, max: 300 }),
      qty: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        const input = rows.map((r) => ({
          product: aac({ productNo: r.productNo, articleNo: `A${r.productNo}`, thicknessMm: 100 + r.productNo * 40 }),
          itemLength: r.length * 0.02,
          qty: r.qty,
        }));
        const s = summarizeAac(input);
        const counted = input.filter((r) => r.qty !== null && r.qty >= 1);
        expect(s.totalQty).toBe(counted.reduce((n, r) => n + r.qty!, 0));
        expect(s.lines.reduce((n, l) => n + l.totalQty, 0)).toBe(s.totalQty);
        const exact = counted.reduce((n, r) => n + aacPalletsExact(r.product, r.itemLength, r.qty!), 0);
        expect(Math.abs(s.totalPallets - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(s.lines.reduce((n, l) => n + l.totalPallets, 0) - s.totalPallets)).toBeLessThanOrEqual(
          0.005 * (s.lines.length + 1),
        );
        expect(s.smallVolume).toBe(isSmallVolume(s.totalPallets));
      }),
    );
  });

  it('groups lintel rows per product', () => {
    const s = summarizeLintel([
      { product: lintels[1], qty: 4 },
      { product: lintels[1], qty: 6 },
      { product: lintels[4], qty: 2 },
      { product: null, qty: 3 },
    ]);
    expect(s.lines.map((l) => [l.itemNo, l.height, l.totalQty, l.totalArea])).toEqual([
      ['ST-115-1250-124', 124, 10, 1.44],
      ['TS-240-2000-249', 249, 2, 0.96],
    ]);
    expect(s.totalQty).toBe(12);
    expect(s.totalArea).toBe(2.4);
    expect(s.totalPallets).toBe(0.3);
    expect(s.smallVolume).toBe(true);
  });
});
