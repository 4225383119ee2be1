import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { renderPage } from '../components/compare-canvas';
import { centring } from '../components/compare-steps';

export type ComparedPages = { older: HTMLCanvasElement | null; newer: HTMLCanvasElement | null };

/** Page `page` of both versions drawn offscreen at `scale` (null where a version has no such page). */
export function useComparedPages(older: PDFDocumentProxy, newer: PDFDocumentProxy, page: number, scale: number) {
  const [pages, setPages] = useState<ComparedPages | null>(null);
  useEffect(() => {
    let cancelled = false;
    setPages(null);
    void Promise.all([renderPage(older, page, scale), renderPage(newer, page, scale)]).then(([a, b]) => {
      if (!cancelled) setPages({ older: a, newer: b });
    });
    return () => {
      cancelled = true;
    };
  }, [older, newer, page, scale]);
  return pages;
}

/**
 * The two sheets' scroll areas. The active change scrolls into the middle of the newer sheet's
 * area (within it: scrollIntoView would move the whole page too). Side by side, scrolling one sheet
 * scrolls the other (zoom is shared already); the scroll event the other sheet then fires is
 * recognised by its position and not passed back.
 */
export function useSheetScrolling(active: number | null, ready: boolean, mode: string) {
  const olderScroller = useRef<HTMLDivElement>(null);
  const newerScroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active === null || !ready) return;
    const scroller = newerScroller.current;
    const box = scroller?.querySelector(`[data-region="${active}"]`);
    if (!scroller || !box) return;
    const by = centring(scroller.getBoundingClientRect(), box.getBoundingClientRect());
    scroller.scrollLeft += by.left;
    scroller.scrollTop += by.top;
  }, [active, ready, mode]);

  const echo = useRef<({ left: number; top: number } | null)[]>([null, null]);
  const sync = (from: 0 | 1) => {
    const to = from === 0 ? 1 : 0;
    const a = (from === 0 ? olderScroller : newerScroller).current;
    const b = (from === 0 ? newerScroller : olderScroller).current;
    if (!a || !b) return;
    const expected = echo.current[from];
    echo.current[from] = null;
    if (expected && expected.left === a.scrollLeft && expected.top === a.scrollTop) return;
    if (b.scrollLeft === a.scrollLeft && b.scrollTop === a.scrollTop) return;
    b.scrollLeft = a.scrollLeft;
    b.scrollTop = a.scrollTop;
    echo.current[to] = { left: b.scrollLeft, top: b.scrollTop };
  };
  return { olderScroller, newerScroller, sync };
}
