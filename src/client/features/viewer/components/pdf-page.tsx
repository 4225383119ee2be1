import { Box, Text } from '@mantine/core';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState } from 'react';
import type { PdfMarkup } from '../../../../shared/schemas/review';

export type PdfTool = 'pan' | 'area' | 'arrow';
export type ShownMarkup = { id: number | 'draft'; markup: PdfMarkup; active: boolean };

const MARKUP = '#e03131';

/** Markups of one page as SVG over the canvas (coordinates are fractions of the page). */
function MarkupLayer({ markups }: { markups: ShownMarkup[] }) {
  return (
    <svg
      viewBox="0 0 1000 1000"
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      <defs>
        <marker
          id="pdf-arrow-head"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={MARKUP} />
        </marker>
      </defs>
      {markups.map(({ id, markup: m, active }) => {
        const [x1, y1, x2, y2] = [m.x1 * 1000, m.y1 * 1000, m.x2 * 1000, m.y2 * 1000];
        return m.kind === 'area' ? (
          <rect
            key={id}
            data-markup={id}
            x={Math.min(x1, x2)}
            y={Math.min(y1, y2)}
            width={Math.abs(x2 - x1)}
            height={Math.abs(y2 - y1)}
            fill="rgba(224, 49, 49, 0.18)"
            stroke={MARKUP}
            strokeWidth={active ? 4 : 2.5}
            vectorEffect="non-scaling-stroke"
          />
        ) : (
          <line
            key={id}
            data-markup={id}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={MARKUP}
            strokeWidth={active ? 4 : 3}
            vectorEffect="non-scaling-stroke"
            markerEnd="url(#pdf-arrow-head)"
          />
        );
      })}
    </svg>
  );
}

/** One page: a placeholder of the right size; the canvas is drawn only while the page is near the view. */
export const PdfPage = memo(function PdfPage({
  doc,
  pageNo,
  scale,
  size,
  markups,
  tool,
  onDraw,
}: {
  doc: PDFDocumentProxy;
  pageNo: number;
  scale: number;
  size: { w: number; h: number };
  markups: ShownMarkup[];
  tool: PdfTool;
  onDraw: (m: PdfMarkup) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [draft, setDraft] = useState<PdfMarkup | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near || !canvas.current) return;
    let task: ReturnType<PDFPageProxy['render']> | null = null;
    let cancelled = false;
    void doc.getPage(pageNo).then((page) => {
      if (cancelled || !canvas.current) return;
      // Sharp on high-density screens, but never more than ~16 megapixels per page.
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: scale * dpr });
      const limit = Math.min(1, Math.sqrt(16e6 / (viewport.width * viewport.height)));
      const vp = page.getViewport({ scale: scale * dpr * limit });
      const c = canvas.current;
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      task = page.render({ canvasContext: c.getContext('2d')!, viewport: vp });
      task.promise.then(
        () => c.setAttribute('data-rendered', 'true'),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNo, scale, near]);

  const point = (e: React.PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)),
      y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)),
    };
  };
  const drawing = tool !== 'pan';
  const shown = draft ? [...markups, { id: 'draft' as const, markup: draft, active: true }] : markups;

  return (
    <Box
      ref={box}
      data-page={pageNo}
      pos="relative"
      bg="white"
      w={size.w * scale}
      h={size.h * scale}
      mx="auto"
      mb="md"
      style={{
        boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
        cursor: drawing ? 'crosshair' : undefined,
        touchAction: drawing ? 'none' : undefined,
      }}
      onPointerDown={(e) => {
        if (!drawing) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        const p = point(e);
        setDraft({ kind: tool, page: pageNo, x1: p.x, y1: p.y, x2: p.x, y2: p.y });
      }}
      onPointerMove={(e) => {
        if (!drawing || !draft) return;
        const p = point(e);
        setDraft({ ...draft, x2: p.x, y2: p.y });
      }}
      onPointerUp={() => {
        if (!drawing || !draft) return;
        setDraft(null);
        if (Math.hypot(draft.x2 - draft.x1, draft.y2 - draft.y1) > 0.005) onDraw(draft);
      }}
    >
      {near && <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} />}
      <MarkupLayer markups={shown} />
    </Box>
  );
});

/**
 * A page thumbnail, drawn when it scrolls into the strip. Its box has the page's proportions from
 * the start, so drawing it never moves the thumbnails below (a click aimed at one stays on it).
 */
export function Thumbnail({
  doc,
  pageNo,
  size,
  active,
  onClick,
}: {
  doc: PDFDocumentProxy;
  pageNo: number;
  size: { w: number; h: number };
  active: boolean;
  onClick: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = canvas.current?.parentElement;
    if (!el) return;
    const observer = new IntersectionObserver(([e]) => setNear(e?.isIntersecting ?? false), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!near) return;
    let task: ReturnType<PDFPageProxy['render']> | null = null;
    void doc.getPage(pageNo).then((page) => {
      const c = canvas.current;
      if (!c) return;
      const base = page.getViewport({ scale: 1 });
      const vp = page.getViewport({ scale: 120 / base.width });
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      task = page.render({ canvasContext: c.getContext('2d')!, viewport: vp });
      task.promise.catch(() => undefined);
    });
    return () => task?.cancel();
  }, [doc, pageNo, near]);
  return (
    <Box
      component="button"
      type="button"
      onClick={onClick}
      p={4}
      mb={6}
      bg="white"
      aria-label={String(pageNo)}
      aria-current={active ? 'page' : undefined}
      style={{
        border: `2px solid ${active ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
        cursor: 'pointer',
        display: 'block',
        width: 132,
      }}
    >
      <canvas ref={canvas} style={{ width: 120, aspectRatio: `${size.w} / ${size.h}`, display: 'block' }} />
      <Text size="xs" ta="center">
        {pageNo}
      </Text>
    </Box>
  );
}
