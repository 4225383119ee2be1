import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Whether an element is within `rootMargin` of the view (drawing waits until then). */
export function useNearView(element: RefObject<Element | null>, rootMargin: string) {
  const [nearView, setNearView] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setNearView(entry?.isIntersecting ?? false), { rootMargin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, rootMargin]);
  return nearView;
}

/**
 * The scale a page is drawn at: sharp on high-density screens (up to twice the CSS pixels), but
 * never more than ~16 megapixels per page. `size` is the page's size in points.
 */
export function pageRenderScale(scale: number, devicePixelRatio: number, size: { w: number; h: number }) {
  const dpr = Math.min(devicePixelRatio || 1, 2);
  const limit = Math.min(1, Math.sqrt(16e6 / (size.w * scale * dpr * size.h * scale * dpr)));
  return scale * dpr * limit;
}

/**
 * A canvas that shows page `pageNo` drawn at `renderScale` while `enabled`; a change redraws it and
 * cancels a drawing under way. With `markRendered`, the canvas says when it is drawn.
 */
export function usePageCanvas(
  doc: PDFDocumentProxy,
  pageNo: number,
  renderScale: number,
  enabled: boolean,
  markRendered: boolean,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!enabled || !canvas.current) return;
    let task: ReturnType<PDFPageProxy['render']> | null = null;
    let cancelled = false;
    void doc.getPage(pageNo).then((page) => {
      const c = canvas.current;
      if (cancelled || !c) return;
      const vp = page.getViewport({ scale: renderScale });
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      task = page.render({ canvasContext: c.getContext('2d')!, viewport: vp });
      task.promise.then(
        () => markRendered && c.setAttribute('data-rendered', 'true'),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNo, renderScale, enabled, markRendered]);
  return canvas;
}
