import { describe, expect, it } from 'vitest';
import type { PdfComparisonView } from '../../../../shared/schemas/compare';
import { centring, changeSteps, fitCompareScale, regionMarkup, shiftMillimetres, wrapStep } from './compare-steps';

const box = (x1: number, y1: number) => ({ x1, y1, x2: x1 + 0.1, y2: y1 + 0.1 });
const result = {
  pages: [
    { page: 1, offset: { dx: 0, dy: 0 }, regions: [box(0.1, 0.1), box(0.5, 0.5)] },
    { page: 2, offset: { dx: 0, dy: 0 }, regions: [] },
    { page: 3, offset: { dx: 0, dy: 0 }, regions: [box(0.2, 0.2)] },
  ],
} as unknown as PdfComparisonView;

describe('compare steps', () => {
  it('lists the changes page by page, each with its index on the page', () => {
    expect(changeSteps(result).map((s) => [s.page, s.index])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
    ]);
    expect(changeSteps(null)).toEqual([]);
  });

  it('wraps around at both ends', () => {
    expect(wrapStep(3, 3)).toBe(0);
    expect(wrapStep(-1, 3)).toBe(2);
    expect(wrapStep(1, 3)).toBe(1);
  });

  it('turns a change into an area with a margin, kept on the sheet', () => {
    expect(
      regionMarkup({ page: 3, index: 0, region: { x1: 0.005, y1: 0.5, x2: 0.995, y2: 0.6, added: 1, removed: 0 } }),
    ).toEqual({
      kind: 'area',
      page: 3,
      x1: 0,
      y1: 0.49,
      x2: 1,
      y2: 0.61,
    });
  });

  it('gives the shift in millimetres', () => {
    expect(shiftMillimetres({ dx: 72, dy: -14.2 })).toEqual({ dx: 25, dy: -5 });
  });

  it('fits one sheet, or two side by side, into the view', () => {
    expect(fitCompareScale(500, 1032, 'overlay')).toBe(2);
    expect(fitCompareScale(500, 1032, 'side')).toBe(1);
  });

  it('centres a box in the view', () => {
    expect(
      centring({ left: 0, top: 0, width: 400, height: 300 }, { left: 500, top: -100, width: 100, height: 50 }),
    ).toEqual({ left: 350, top: -225 });
  });
});
