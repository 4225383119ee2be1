import { describe, expect, it } from 'vitest';
import { clampScale, fitWidthScale, pageInView, pannedScroll, pinchScale, wheelScale } from './sheet-view';

describe('sheet zoom', () => {
  it('keeps the scale between 10 % and 400 %', () => {
    expect(clampScale(0.01)).toBe(0.1);
    expect(clampScale(9)).toBe(4);
    expect(clampScale(1.5)).toBe(1.5);
  });

  it('zooms in when the wheel turns up, out when it turns down, by the same factor both ways', () => {
    const up = wheelScale(1, -100);
    const down = wheelScale(1, 100);
    expect(up).toBeGreaterThan(1);
    expect(down).toBeLessThan(1);
    expect(up * down).toBeCloseTo(1, 10);
    expect(wheelScale(3.9, -1000)).toBe(4);
  });

  it('follows the fingers: twice the distance, twice the scale', () => {
    expect(pinchScale(0.5, 100, 200)).toBe(1);
    expect(pinchScale(0.5, 100, 50)).toBe(0.25);
    expect(pinchScale(2, 100, 1000)).toBe(4);
  });

  it('fits the page width into the sheet area, or into the centre less the thumbnails while loading', () => {
    expect(fitWidthScale(500, 1040, true)).toBe(2);
    expect(fitWidthScale(500, 1190, false)).toBe(2);
  });
});

describe('current page', () => {
  const view = { top: 0, bottom: 500, height: 500 };
  const page = (n: number, top: number, height = 800) => ({ page: n, top, bottom: top + height, height });

  it('is the first page showing half of itself or half the view', () => {
    expect(pageInView(view, [page(1, -700), page(2, 120)])).toBe(2);
    expect(pageInView(view, [page(1, -500), page(2, 320)])).toBe(1);
  });

  it('skips pages above the view and is none when no page is in it', () => {
    expect(pageInView(view, [page(1, -900), page(2, -50)])).toBe(2);
    expect(pageInView(view, [page(1, -900)])).toBeNull();
  });
});

describe('pan', () => {
  it('moves the sheet against the pointer', () => {
    expect(pannedScroll({ x: 100, y: 100, left: 300, top: 200 }, { x: 60, y: 150 })).toEqual({ left: 340, top: 150 });
  });
});
