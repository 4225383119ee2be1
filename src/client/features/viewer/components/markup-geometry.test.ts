import { describe, expect, it } from 'vitest';
import { pdfMarkupSchema } from '../../../../shared/schemas/review';
import {
  cloudPath,
  formatLength,
  markupBounds,
  measuredMillimetres,
  millimetresPerPoint,
  parseLength,
  scaleFromText,
} from './markup-geometry';

// An A3 landscape page (1190.55 × 841.89 pt) calibrated by a line 10 m long over half its width.
const calibration = {
  page: 1,
  x1: 0.25,
  y1: 0.5,
  x2: 0.75,
  y2: 0.5,
  pageWidth: 1190.55,
  pageHeight: 841.89,
  lengthMm: 10_000,
  calibratedByName: null,
  calibratedOn: '2026-01-01T00:00:00.000Z',
};

describe('measuring on a calibrated page', () => {
  it('gives the calibrated length back, and lengths in other directions through the page size', () => {
    expect(millimetresPerPoint(calibration)).toBeCloseTo(10_000 / (0.5 * 1190.55), 9);
    expect(measuredMillimetres({ x: 0.25, y: 0.5 }, { x: 0.75, y: 0.5 }, calibration)).toBeCloseTo(10_000, 6);
    // A vertical line of the same length in points: the page's other side scales it.
    const dy = (0.5 * 1190.55) / 841.89;
    expect(measuredMillimetres({ x: 0.1, y: 0 }, { x: 0.1, y: dy }, calibration)).toBeCloseTo(10_000, 6);
    // 3-4-5 in points.
    const mm = measuredMillimetres({ x: 0, y: 0 }, { x: 300 / 1190.55, y: 400 / 841.89 }, calibration);
    expect(mm).toBeCloseTo(500 * millimetresPerPoint(calibration), 6);
  });

  it('shows metres with two decimals from 1 m on and whole millimetres below, in the locale', () => {
    expect(formatLength(4200, 'de-DE')).toBe('4,20 m');
    expect(formatLength(4200, 'en-GB')).toBe('4.20 m');
    expect(formatLength(12_345_678, 'de-DE')).toBe('12.345,68 m');
    expect(formatLength(849.6, 'nl-NL')).toBe('850 mm');
  });

  it('reads typed lengths with comma or point, nothing else', () => {
    expect(parseLength('4,20')).toBe(4.2);
    expect(parseLength(' 12.5 ')).toBe(12.5);
    expect(parseLength('0')).toBeNull();
    expect(parseLength('1e3')).toBeNull();
    expect(parseLength('-2')).toBeNull();
    expect(parseLength('4,2,0')).toBeNull();
  });

  it("finds the sheet's stated scale in its text", () => {
    expect(scaleFromText('Grundriss EG  M 1:50  Index B')).toBe(50);
    expect(scaleFromText('Maßstab 1 : 100; Detail 1:5; Schnitt 1:100')).toBe(100);
    expect(scaleFromText('Scale 1:20')).toBe(20);
    expect(scaleFromText('Datum 11.1:50 Uhr 12:30')).toBeNull();
    expect(scaleFromText('no scale here')).toBeNull();
  });
});

describe('revision cloud', () => {
  it('walks the rectangle clockwise in whole arcs that bulge outwards and ends where it began', () => {
    const d = cloudPath(100, 50, 0, 0, 20);
    expect(d.startsWith('M0,0 ')).toBe(true);
    expect(d.endsWith(' Z')).toBe(true);
    const arcs = [...d.matchAll(/A([\d.]+),[\d.]+ 0 0 1 ([\d.]+),([\d.]+)/g)];
    // 100 wide → 5 arcs, 50 high → 2 or 3 (rounded) on each of the two sides.
    expect(arcs.length).toBe(5 + 3 + 5 + 3);
    expect(arcs.at(-1)?.slice(2)).toEqual(['0', '0']);
    // Every arc's radius is half its chord, so each is a half circle.
    expect(Number(arcs[0]?.[1])).toBe(10);
    // The corners are on the path.
    const ends = arcs.map((a) => `${a[2]},${a[3]}`);
    expect(ends).toEqual(expect.arrayContaining(['100,0', '100,50', '0,50']));
  });

  it('draws at least one arc per side of a tiny rectangle', () => {
    expect([...cloudPath(0, 0, 1, 1, 20).matchAll(/ A/g)]).toHaveLength(4);
  });
});

describe('markup bounds and the shared schema', () => {
  it('bounds every kind of markup', () => {
    expect(markupBounds({ kind: 'cloud', page: 1, x1: 0.6, y1: 0.4, x2: 0.2, y2: 0.1 })).toEqual({
      x1: 0.2,
      y1: 0.1,
      x2: 0.6,
      y2: 0.4,
    });
    expect(
      markupBounds({
        kind: 'polyline',
        page: 1,
        points: [
          [0.5, 0.5],
          [0.1, 0.9],
          [0.7, 0.3],
        ],
      }),
    ).toEqual({ x1: 0.1, y1: 0.3, x2: 0.7, y2: 0.9 });
    expect(markupBounds({ kind: 'text', page: 3, x1: 0.4, y1: 0.2, text: 'x' })).toEqual({
      x1: 0.4,
      y1: 0.2,
      x2: 0.4,
      y2: 0.2,
    });
  });

  it('refuses markups out of the page, too many points, long or multi-line texts and unknown kinds', () => {
    const ok = (m: unknown) => pdfMarkupSchema.safeParse(m).success;
    expect(ok({ kind: 'measure', page: 1, x1: 0, y1: 0, x2: 1, y2: 1 })).toBe(true);
    expect(ok({ kind: 'line', page: 1, x1: 0, y1: 0, x2: 1.01, y2: 1 })).toBe(false);
    expect(ok({ kind: 'polyline', page: 1, points: [[0, 0]] })).toBe(false);
    expect(ok({ kind: 'polyline', page: 1, points: Array.from({ length: 200 }, () => [0.5, 0.5]) })).toBe(true);
    expect(ok({ kind: 'polyline', page: 1, points: Array.from({ length: 201 }, () => [0.5, 0.5]) })).toBe(false);
    expect(
      ok({
        kind: 'polyline',
        page: 1,
        points: [
          [0, 0],
          [0.5, -0.1],
        ],
      }),
    ).toBe(false);
    expect(ok({ kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'x'.repeat(200) })).toBe(true);
    expect(ok({ kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'x'.repeat(201) })).toBe(false);
    expect(ok({ kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'a\nb' })).toBe(false);
    expect(ok({ kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: '   ' })).toBe(false);
    expect(ok({ kind: 'circle', page: 1, x1: 0, y1: 0, x2: 1, y2: 1 })).toBe(false);
  });
});
