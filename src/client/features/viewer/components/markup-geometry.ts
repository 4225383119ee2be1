import type { PdfMarkup } from '../../../../shared/schemas/review';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';

/** A point on a page in fractions of its width and height. */
export type PagePoint = { x: number; y: number };
type Size = { w: number; h: number };

/** The rectangle a markup covers, in fractions of the page (x1 ≤ x2, y1 ≤ y2). */
export function markupBounds(m: PdfMarkup): { x1: number; y1: number; x2: number; y2: number } {
  const xs = m.kind === 'polyline' ? m.points.map((p) => p[0]) : m.kind === 'text' ? [m.x1] : [m.x1, m.x2];
  const ys = m.kind === 'polyline' ? m.points.map((p) => p[1]) : m.kind === 'text' ? [m.y1] : [m.y1, m.y2];
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}

/**
 * A revision cloud around the rectangle (x1, y1)–(x2, y2) in page points: arcs of about `arc`
 * points bulging outwards, walked clockwise, as an SVG path. Each side gets a whole number of arcs,
 * so the corners meet.
 */
export function cloudPath(x1: number, y1: number, x2: number, y2: number, arc: number): string {
  const [left, right, top, bottom] = [Math.min(x1, x2), Math.max(x1, x2), Math.min(y1, y2), Math.max(y1, y2)];
  const corners: [number, number][] = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
    [left, top],
  ];
  const r = (n: number) => Math.round(n * 100) / 100;
  let d = `M${r(left)},${r(top)}`;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corners[i]!;
    const [bx, by] = corners[i + 1]!;
    const side = Math.hypot(bx - ax, by - ay);
    if (side === 0) continue;
    const n = Math.max(1, Math.round(side / arc));
    const radius = side / n / 2;
    for (let k = 1; k <= n; k++) {
      // Clockwise on screen (y down) with the sweep flag 1: each arc bulges away from the rectangle.
      d += ` A${r(radius)},${r(radius)} 0 0 1 ${r(ax + ((bx - ax) * k) / n)},${r(ay + ((by - ay) * k) / n)}`;
    }
  }
  return `${d} Z`;
}

/** Millimetres per page point of a calibration (its two points and the length between them). */
export function millimetresPerPoint(c: SheetCalibration): number {
  const points = Math.hypot((c.x2 - c.x1) * c.pageWidth, (c.y2 - c.y1) * c.pageHeight);
  return c.lengthMm / points;
}

/** The real length between two points of a calibrated page, in millimetres. */
export function measuredMillimetres(a: PagePoint, b: PagePoint, c: SheetCalibration): number {
  return Math.hypot((b.x - a.x) * c.pageWidth, (b.y - a.y) * c.pageHeight) * millimetresPerPoint(c);
}

/** Length of a polyline or segment on a page of the given size, in page points. */
export function pageLength(points: PagePoint[], size: Size): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    sum += Math.hypot((points[i]!.x - points[i - 1]!.x) * size.w, (points[i]!.y - points[i - 1]!.y) * size.h);
  }
  return sum;
}

/** A length for people: metres with two decimals from 1 m on, whole millimetres below, in the locale's format. */
export function formatLength(mm: number, locale: string): string {
  if (Math.abs(mm) >= 1000) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'meter',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(mm / 1000);
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'millimeter', maximumFractionDigits: 0 }).format(mm);
}

/** A length in metres typed by a person (`4,20` or `4.20`); null when it is not a positive number. */
export function parseLength(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  if (!/^\d+([.,]\d+)?$/.test(s)) return null;
  const n = Number(s.replace(',', '.'));
  return n > 0 ? n : null;
}

/**
 * The drawing scale a sheet states in its text ("M 1:50", "Maßstab 1:100", "Scale 1 : 20"): the
 * denominator most often named (the first on a tie), or null. Denominators from 1 to 10 000.
 */
export function scaleFromText(text: string): number | null {
  const counts = new Map<number, number>();
  for (const match of text.matchAll(/(?:^|[^\d.,:])1\s?:\s?(\d{1,5})(?![\d.,:])/g)) {
    const n = Number(match[1]);
    if (n >= 1 && n <= 10000) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [n, c] of counts) if (best === null || c > counts.get(best)!) best = n;
  return best;
}

/** Page points are 1/72 inch on paper. */
export const MM_PER_POINT = 25.4 / 72;
