import { describe, expect, it } from 'vitest';
import type { ShownMarkup } from './pdf-page';
import { markupsOfPage } from './sheet-markups';

const area = (id: number, page: number): ShownMarkup => ({
  id,
  active: false,
  markup: { kind: 'area', page, x1: 0, y1: 0, x2: 0.1, y2: 0.1 },
});

describe('markupsOfPage', () => {
  const measure = { kind: 'measure' as const, page: 2, x1: 0, y1: 0, x2: 0.5, y2: 0 };

  it('keeps the markups of the page and adds the measurement taken there, active', () => {
    const list = markupsOfPage([area(1, 1), area(2, 2), area(3, 2)], measure, 2);
    expect(list.map((m) => m.id)).toEqual([2, 3, 'measure']);
    expect(list.at(-1)).toEqual({ id: 'measure', markup: measure, active: true });
  });

  it('leaves the measurement off other pages', () => {
    expect(markupsOfPage([area(1, 1)], measure, 1).map((m) => m.id)).toEqual([1]);
    expect(markupsOfPage([area(1, 1)], null, 2)).toEqual([]);
  });
});
