import type { PdfComparisonView } from '../../../../shared/schemas/compare';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import { clampScale } from '../hooks/sheet-view';

export type CompareMode = 'overlay' | 'side';
export type Region = PdfComparisonView['pages'][number]['regions'][number];
/** One changed region, in the order the reviewer steps through them: page by page, region by region. */
export type Step = { page: number; index: number; region: Region };

export function changeSteps(result: PdfComparisonView | null): Step[] {
  return (result?.pages ?? []).flatMap((p) => p.regions.map((region, index) => ({ page: p.page, index, region })));
}

/** Step `n` of `count`, wrapping around at both ends. */
export const wrapStep = (n: number, count: number) => (n + count) % count;

/** "Topic from this change": the change's box with a little margin, so the topic's area frames it. */
export function regionMarkup(s: Step): PdfMarkup {
  const pad = 0.01;
  return {
    kind: 'area',
    page: s.page,
    x1: Math.max(0, s.region.x1 - pad),
    y1: Math.max(0, s.region.y1 - pad),
    x2: Math.min(1, s.region.x2 + pad),
    y2: Math.min(1, s.region.y2 + pad),
  };
}

/** How far the newer sheet was shifted to match the older, in millimetres on the sheet (PDF points are 1/72 inch). */
export const shiftMillimetres = (offset: { dx: number; dy: number }) => ({
  dx: Math.round((offset.dx / 72) * 25.4),
  dy: Math.round((offset.dy / 72) * 25.4),
});

/** The first scale: the sheet's width (twice, side by side) fits the view, less its padding. */
export const fitCompareScale = (pageWidth: number, viewWidth: number, mode: CompareMode) =>
  clampScale((viewWidth - 32) / (mode === 'side' ? 2 * pageWidth : pageWidth));

/** The scroll that centres `box` in `view` (both as screen rectangles). */
export const centring = (
  view: { left: number; top: number; width: number; height: number },
  box: { left: number; top: number; width: number; height: number },
) => ({
  left: box.left + box.width / 2 - (view.left + view.width / 2),
  top: box.top + box.height / 2 - (view.top + view.height / 2),
});
