import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clampScale, fitWidthScale, pageInView, pannedScroll, pinchScale, wheelScale } from './sheet-view';
import type { PageSize } from './use-pdf-document';

/**
 * Scale and current page of a PDF sheet in its scroll area: fit width on opening, ctrl + wheel and
 * two-finger pinch zoom, the page shown while scrolling, and scrolling to a page. Both start over
 * when `url` changes.
 */
export function useSheetView(
  url: string,
  doc: PDFDocumentProxy | null,
  sizes: PageSize[],
  /** A page to scroll to once the document is open (e.g. a topic's page). */
  focusPage?: number | null,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  const [page, setPage] = useState(1);
  useEffect(() => {
    setScale(0);
    setPage(1);
  }, [url]);

  const fitWidth = useCallback(() => {
    const first = sizes[0];
    const el = scroller.current;
    if (first) setScale(fitWidthScale(first.w, el?.clientWidth ?? 800, el?.dataset.testid === 'pdf-scroller'));
  }, [sizes]);
  useEffect(() => {
    if (doc && scale === 0) fitWidth();
  }, [doc, scale, fitWidth]);

  const goTo = useCallback(
    (n: number) => scroller.current?.querySelector(`[data-page="${n}"]`)?.scrollIntoView({ block: 'start' }),
    [],
  );
  useEffect(() => {
    if (focusPage && doc) goTo(focusPage);
  }, [focusPage, doc, goTo]);

  // The current page, once per frame while scrolling.
  const frame = useRef(0);
  const trackPage = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = scroller.current;
      if (!el) return;
      const pages = [...el.querySelectorAll<HTMLElement>('[data-page]')].map((node) => {
        const { top, bottom, height } = node.getBoundingClientRect();
        return { page: Number(node.dataset.page), top, bottom, height };
      });
      const current = pageInView(el.getBoundingClientRect(), pages);
      if (current !== null) setPage(current);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // The sheet's scroll area exists once the document is open and its first scale is known; the
  // zoom listeners attach to it then (before, the ref is the loading placeholder).
  const shown = doc !== null && scale !== 0;
  useWheelZoom(scroller, shown, setScale);
  usePinchZoom(scroller, shown, scale, setScale);

  const zoom = useCallback((factor: number) => setScale((s) => clampScale(s * factor)), []);
  return { scroller, scale, setScale, zoom, fitWidth, page, goTo, trackPage, shown };
}

type SetScale = (next: (scale: number) => number) => void;

/** Ctrl + wheel (and the trackpad pinch, which browsers send as ctrl + wheel) zooms. */
function useWheelZoom(scroller: RefObject<HTMLDivElement | null>, shown: boolean, setScale: SetScale) {
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setScale((s) => wheelScale(s, e.deltaY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scroller, shown, setScale]);
}

/** Two fingers on a touch screen pinch-zoom the sheet (one finger scrolls natively). */
function usePinchZoom(
  scroller: RefObject<HTMLDivElement | null>,
  shown: boolean,
  scale: number,
  setScale: (scale: number) => void,
) {
  const scaleNow = useRef(scale);
  useEffect(() => {
    scaleNow.current = scale;
  }, [scale]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: { distance: number; scale: number } | null = null;
    const distance = () => {
      const [a, b] = [...touches.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const onDown = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) pinch = { distance: distance(), scale: scaleNow.current };
    };
    const onMove = (e: PointerEvent) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!pinch || touches.size !== 2 || pinch.distance === 0) return;
      setScale(pinchScale(pinch.scale, pinch.distance, distance()));
    };
    const onUp = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
    };
    const events = { pointerdown: onDown, pointermove: onMove, pointerup: onUp, pointercancel: onUp };
    for (const [name, listener] of Object.entries(events)) el.addEventListener(name, listener as EventListener);
    return () => {
      for (const [name, listener] of Object.entries(events)) el.removeEventListener(name, listener as EventListener);
    };
  }, [scroller, shown, setScale]);
}

/** Drag to pan with the pan tool: pointer handlers for the scroll area. */
export function usePanDrag(enabled: boolean) {
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const stop = () => (drag.current = null);
  type Pointer = { clientX: number; clientY: number; currentTarget: HTMLElement };
  return {
    onPointerDown: ({ clientX, clientY, currentTarget: el }: Pointer) => {
      if (enabled) drag.current = { x: clientX, y: clientY, left: el.scrollLeft, top: el.scrollTop };
    },
    onPointerMove: ({ clientX, clientY, currentTarget: el }: Pointer) => {
      if (!drag.current) return;
      const { left, top } = pannedScroll(drag.current, { x: clientX, y: clientY });
      el.scrollLeft = left;
      el.scrollTop = top;
    },
    onPointerUp: stop,
    onPointerLeave: stop,
  };
}
