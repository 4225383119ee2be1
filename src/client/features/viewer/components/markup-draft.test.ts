import { describe, expect, it } from 'vitest';
import { MARKUP_MAX_POINTS } from '../../../../shared/schemas/review';
import { addPoint, draftMarkup, isClick, pointOnPage, withDraft } from './markup-draft';
import type { ShownMarkup } from './pdf-page';

const segment = { x1: 0.1, y1: 0.1, x2: 0.4, y2: 0.3 };

describe('drawing a markup', () => {
  it('places the pointer on the page as fractions, clamped to its edges', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(pointOnPage(box, 300, 100)).toEqual({ x: 0.5, y: 0.25 });
    expect(pointOnPage(box, 50, 400)).toEqual({ x: 0, y: 1 });
  });

  it('drafts the dragged shape of the tool; the calibration line is none', () => {
    expect(draftMarkup('cloud', 2, segment, [], null)).toEqual({ kind: 'cloud', page: 2, ...segment });
    expect(draftMarkup('calibrate', 2, segment, [], null)).toBeNull();
    expect(draftMarkup('area', 2, null, [], null)).toBeNull();
  });

  it('drafts a polyline with the pointer as its next point, and a first point as a dot', () => {
    const a = { x: 0.1, y: 0.1 };
    expect(draftMarkup('polyline', 1, null, [a], { x: 0.5, y: 0.5 })).toEqual({
      kind: 'polyline',
      page: 1,
      points: [
        [0.1, 0.1],
        [0.5, 0.5],
      ],
    });
    expect(draftMarkup('polyline', 1, null, [a], { x: 0.101, y: 0.1 })).toEqual({
      kind: 'line',
      page: 1,
      x1: 0.1,
      y1: 0.1,
      x2: 0.1,
      y2: 0.1,
    });
  });

  it('adds a polyline point unless it lies on the last one or the line is full', () => {
    const a = { x: 0.2, y: 0.2 };
    expect(addPoint([a], { x: 0.2005, y: 0.2 })).toEqual([a]);
    expect(addPoint([a], { x: 0.3, y: 0.2 })).toHaveLength(2);
    const full = Array.from({ length: MARKUP_MAX_POINTS }, (_, i) => ({ x: i / MARKUP_MAX_POINTS, y: 0 }));
    expect(addPoint(full, { x: 0.5, y: 0.9 })).toBe(full);
  });

  it('takes a tiny drag for a click', () => {
    expect(isClick({ x1: 0.1, y1: 0.1, x2: 0.103, y2: 0.103 })).toBe(true);
    expect(isClick(segment)).toBe(false);
  });

  it('shows the draft on top; a new measurement replaces the last one', () => {
    const last: ShownMarkup = { id: 'measure', active: true, markup: { kind: 'measure', page: 1, ...segment } };
    const topic: ShownMarkup = { id: 7, active: false, markup: { kind: 'area', page: 1, ...segment } };
    const measuring = { kind: 'measure' as const, page: 1, x1: 0, y1: 0, x2: 1, y2: 1 };
    expect(withDraft([topic, last], measuring).map((m) => m.id)).toEqual([7, 'measure']);
    expect(withDraft([topic, last], measuring).at(-1)?.markup).toBe(measuring);
    expect(withDraft([topic, last], { kind: 'line', page: 1, ...segment }).map((m) => m.id)).toEqual([
      7,
      'measure',
      'draft',
    ]);
    expect(withDraft([topic], null)).toEqual([topic]);
  });
});
