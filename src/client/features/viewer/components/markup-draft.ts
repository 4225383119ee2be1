import { MARKUP_MAX_POINTS, type PdfMarkup } from '../../../../shared/schemas/review';
import type { PagePoint } from './markup-geometry';
import type { PdfTool, Segment, ShownMarkup } from './pdf-page';

/** Tools drawn by dragging from one point to another. */
const dragged = new Set<PdfTool>(['area', 'arrow', 'cloud', 'line', 'measure', 'calibrate']);

/** Two points closer than this (a fraction of the page) are one. */
export const near = (a: PagePoint, b: PagePoint) => Math.hypot(a.x - b.x, a.y - b.y) < 0.003;

/** A pointer's place on a page, as fractions of its width and height (clamped to the page). */
export const pointOnPage = (
  box: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
) => ({
  x: Math.min(1, Math.max(0, (x - box.left) / box.width)),
  y: Math.min(1, Math.max(0, (y - box.top) / box.height)),
});

/** A drag shorter than this (a fraction of the page) is a click, not a shape. */
export const isClick = (s: Segment) => Math.hypot(s.x2 - s.x1, s.y2 - s.y1) <= 0.005;

/** A polyline's points with one more, unless it lies on the last one or the polyline is full. */
export function addPoint(points: PagePoint[], p: PagePoint): PagePoint[] {
  const last = points.at(-1);
  return (!last || !near(last, p)) && points.length < MARKUP_MAX_POINTS ? [...points, p] : points;
}

/**
 * The markup being drawn: the dragged shape, or the polyline's points with the pointer as the next
 * one (a single point shows as a dot). The calibration's line is not a markup.
 */
export function draftMarkup(
  tool: PdfTool,
  pageNo: number,
  segment: Segment | null,
  points: PagePoint[],
  hover: PagePoint | null,
): PdfMarkup | null {
  if (segment && tool !== 'calibrate' && dragged.has(tool)) {
    return { kind: tool as 'area' | 'arrow' | 'cloud' | 'line' | 'measure', page: pageNo, ...segment };
  }
  if (points.length === 0) return null;
  const all = hover && !near(hover, points.at(-1)!) ? [...points, hover] : points;
  return all.length >= 2
    ? { kind: 'polyline', page: pageNo, points: all.map((p) => [p.x, p.y]) }
    : { kind: 'line', page: pageNo, x1: all[0]!.x, y1: all[0]!.y, x2: all[0]!.x, y2: all[0]!.y };
}

/** The page's markups with the draft on top; a new measurement replaces the last one. */
export function withDraft(markups: ShownMarkup[], draft: PdfMarkup | null): ShownMarkup[] {
  if (!draft) return markups;
  const measuring = draft.kind === 'measure';
  return [
    ...markups.filter((m) => !(measuring && m.id === 'measure')),
    { id: measuring ? 'measure' : 'draft', markup: draft, active: true },
  ];
}
