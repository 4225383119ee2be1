/** Zoom limits of a PDF sheet (CSS pixels per PDF point). */
export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;

export const clampScale = (scale: number) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, scale));

/** Ctrl + wheel (and the trackpad pinch, which browsers send as ctrl + wheel): a smooth factor per wheel step. */
export const wheelScale = (scale: number, deltaY: number) => clampScale(scale * Math.exp(-deltaY * 0.002));

/** Two fingers: the scale at the pinch's start, grown or shrunk by how far the fingers moved apart. */
export const pinchScale = (startScale: number, startDistance: number, distance: number) =>
  clampScale(startScale * (distance / startDistance));

/**
 * The scale that fits a page's width into the view. While loading, the measured element is the whole
 * centre, so the thumbnail strip (150 px) takes its share; once shown, only the sheet's padding.
 */
export const fitWidthScale = (pageWidth: number, viewWidth: number, sheetShown: boolean) =>
  clampScale((sheetShown ? viewWidth - 40 : viewWidth - 190) / pageWidth);

type Edges = { top: number; bottom: number; height: number };

/** The current page: the first one that shows at least half of itself (or fills half the view), or starts in it. */
export function pageInView(view: Edges, pages: (Edges & { page: number })[]): number | null {
  for (const r of pages) {
    if (r.bottom <= view.top) continue;
    const shown = Math.min(r.bottom, view.bottom) - Math.max(r.top, view.top);
    if (shown >= Math.min(r.height, view.height) / 2 || r.top >= view.top) return r.page;
  }
  return null;
}

/** Where the sheet scrolls to while dragged with the pan tool. */
export const pannedScroll = (
  start: { x: number; y: number; left: number; top: number },
  pointer: { x: number; y: number },
) => ({ left: start.left - (pointer.x - start.x), top: start.top - (pointer.y - start.y) });
