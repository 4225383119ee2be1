import { Box, Text, TextInput } from '@mantine/core';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetCalibration } from '../../../../shared/schemas/calibration';
import { MARKUP_MAX_POINTS, MARKUP_MAX_TEXT, type PdfMarkup } from '../../../../shared/schemas/review';
import { cloudPath, formatLength, measuredMillimetres, type PagePoint } from './markup-geometry';

/** Tools of the sheet: pan, the markups a topic can carry, and the sheet's calibration. */
export type PdfTool = 'pan' | 'area' | 'arrow' | 'cloud' | 'line' | 'polyline' | 'text' | 'measure' | 'calibrate';
export type ShownMarkup = { id: number | 'draft' | 'measure'; markup: PdfMarkup; active: boolean };
export type Segment = { x1: number; y1: number; x2: number; y2: number };

const MARKUP = '#e03131';
const MEASURE = '#1864ab';
const CALIBRATE = '#e8590c';
/** Tools drawn by dragging from one point to another. */
const dragged = new Set<PdfTool>(['area', 'arrow', 'cloud', 'line', 'measure', 'calibrate']);

type Size = { w: number; h: number };

/** Arcs of a revision cloud: about a third of the rectangle's shorter side, within 1/80 to 1/30 of the page's. */
const cloudArc = (size: Size, w: number, h: number) => {
  const page = Math.min(size.w, size.h);
  return Math.max(page / 80, Math.min(page / 30, Math.min(w, h) / 3));
};

/** Text size of markups: readable on an A4 sheet and an A0 alike (page points). */
const textSize = (size: Size) => Math.max(9, Math.min(size.w, size.h) / 55);

function MarkupShape({
  m,
  id,
  active,
  size,
  label,
}: {
  m: PdfMarkup;
  id: ShownMarkup['id'] | 'calibration';
  active: boolean;
  size: Size;
  label: string | null;
}) {
  const X = (x: number) => x * size.w;
  const Y = (y: number) => y * size.h;
  const colour = id === 'measure' ? MEASURE : id === 'calibration' ? CALIBRATE : MARKUP;
  const stroke = { stroke: colour, strokeWidth: active ? 4 : 2.5, vectorEffect: 'non-scaling-stroke' as const };
  const font = textSize(size);
  const halo = {
    paintOrder: 'stroke' as const,
    stroke: 'white',
    strokeWidth: font / 4,
    strokeLinejoin: 'round' as const,
  };
  switch (m.kind) {
    case 'area':
    case 'cloud': {
      const [x1, y1, x2, y2] = [X(m.x1), Y(m.y1), X(m.x2), Y(m.y2)];
      return m.kind === 'area' ? (
        <rect
          data-markup={id}
          data-kind={m.kind}
          x={Math.min(x1, x2)}
          y={Math.min(y1, y2)}
          width={Math.abs(x2 - x1)}
          height={Math.abs(y2 - y1)}
          fill="rgba(224, 49, 49, 0.18)"
          {...stroke}
        />
      ) : (
        <path
          data-markup={id}
          data-kind={m.kind}
          d={cloudPath(x1, y1, x2, y2, cloudArc(size, Math.abs(x2 - x1), Math.abs(y2 - y1)))}
          fill="rgba(224, 49, 49, 0.08)"
          strokeLinejoin="round"
          {...stroke}
        />
      );
    }
    case 'arrow':
    case 'line':
    case 'measure': {
      const [x1, y1, x2, y2] = [X(m.x1), Y(m.y1), X(m.x2), Y(m.y2)];
      const ends =
        m.kind === 'arrow'
          ? { markerEnd: 'url(#pdf-arrow-head)' }
          : m.kind === 'measure'
            ? {
                markerStart: `url(#pdf-tick-${id === 'calibration' ? 'calibrate' : 'measure'})`,
                markerEnd: `url(#pdf-tick-${id === 'calibration' ? 'calibrate' : 'measure'})`,
              }
            : {};
      return (
        <g data-markup={id} data-kind={m.kind}>
          <line x1={x1} y1={y1} x2={x2} y2={y2} {...stroke} {...ends} />
          {label && (
            <text
              x={(x1 + x2) / 2}
              y={(y1 + y2) / 2 - font * 0.5}
              fontSize={font}
              textAnchor="middle"
              fill={colour}
              fontFamily="sans-serif"
              fontWeight={600}
              data-testid="markup-length"
              {...halo}
            >
              {label}
            </text>
          )}
        </g>
      );
    }
    case 'polyline':
      return (
        <polyline
          data-markup={id}
          data-kind={m.kind}
          points={m.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(' ')}
          fill="none"
          strokeLinejoin="round"
          {...stroke}
        />
      );
    case 'text':
      return (
        <text
          data-markup={id}
          data-kind={m.kind}
          x={X(m.x1)}
          y={Y(m.y1)}
          fontSize={font * 1.2}
          fill={colour}
          fontFamily="sans-serif"
          fontWeight={active ? 700 : 600}
          dominantBaseline="hanging"
          {...halo}
        >
          {m.text}
        </text>
      );
  }
}

/** Markups of one page as SVG over the canvas, in the page's own points (a cloud's arcs stay round). */
function MarkupLayer({
  markups,
  size,
  lengthOf,
  calibrating,
}: {
  markups: ShownMarkup[];
  size: Size;
  lengthOf: (m: PdfMarkup) => string | null;
  calibrating: Segment | null;
}) {
  // End ticks of a measured line, as tall as the markup text (in page points, not stroke widths).
  const tickSize = textSize(size);
  const tick = (id: string, colour: string) => (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="5"
      refY="5"
      markerUnits="userSpaceOnUse"
      markerWidth={tickSize}
      markerHeight={tickSize}
      orient="auto"
    >
      <path d="M5,0 L5,10" stroke={colour} strokeWidth={2} />
    </marker>
  );
  return (
    <svg
      viewBox={`0 0 ${size.w} ${size.h}`}
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
        {tick('pdf-tick-measure', MEASURE)}
        {tick('pdf-tick-calibrate', CALIBRATE)}
      </defs>
      {markups.map(({ id, markup, active }) => (
        <MarkupShape
          key={id}
          id={id}
          m={markup}
          active={active}
          size={size}
          label={markup.kind === 'measure' ? lengthOf(markup) : null}
        />
      ))}
      {calibrating && (
        <MarkupShape
          id="calibration"
          m={{ kind: 'measure', page: 1, ...calibrating }}
          active
          size={size}
          label={null}
        />
      )}
    </svg>
  );
}

const near = (a: PagePoint, b: PagePoint) => Math.hypot(a.x - b.x, a.y - b.y) < 0.003;

/** One page: a placeholder of the right size; the canvas is drawn only while the page is near the view. */
export const PdfPage = memo(function PdfPage({
  doc,
  pageNo,
  scale,
  size,
  markups,
  tool,
  calibration,
  locale,
  onDraw,
  onMeasure,
  onCalibrate,
  onNeedCalibration,
}: {
  doc: PDFDocumentProxy;
  pageNo: number;
  scale: number;
  size: Size;
  markups: ShownMarkup[];
  tool: PdfTool;
  /** The page's scale, if calibrated. */
  calibration: SheetCalibration | null;
  locale: string;
  onDraw: (m: PdfMarkup) => void;
  onMeasure: (m: PdfMarkup) => void;
  onCalibrate: (page: number, segment: Segment) => void;
  onNeedCalibration: (page: number) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [nearView, setNearView] = useState(false);
  // A dragged shape (from, to), the points of a polyline (with the pointer as the next one), a text's place.
  const [drag, setDrag] = useState<{ a: PagePoint; b: PagePoint } | null>(null);
  const [points, setPoints] = useState<PagePoint[]>([]);
  const [hover, setHover] = useState<PagePoint | null>(null);
  const [textAt, setTextAt] = useState<PagePoint | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setNearView(entry?.isIntersecting ?? false), {
      rootMargin: '400px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!nearView || !canvas.current) return;
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
  }, [doc, pageNo, scale, nearView]);

  // A change of tool drops what was begun with the last one.
  useEffect(() => {
    setDrag(null);
    setPoints([]);
    setHover(null);
    setTextAt(null);
    setText('');
  }, [tool]);

  const finishPolyline = (list: PagePoint[]) => {
    setPoints([]);
    setHover(null);
    if (list.length >= 2) onDraw({ kind: 'polyline', page: pageNo, points: list.map((p) => [p.x, p.y]) });
  };
  // Enter finishes a polyline, Escape drops it.
  useEffect(() => {
    if (points.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setPoints([]);
        setHover(null);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        setPoints([]);
        setHover(null);
        if (points.length >= 2) onDraw({ kind: 'polyline', page: pageNo, points: points.map((p) => [p.x, p.y]) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [points, onDraw, pageNo]);

  const point = (e: { clientX: number; clientY: number }): PagePoint => {
    const r = box.current!.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)),
      y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)),
    };
  };
  const lengthOf = (m: PdfMarkup) =>
    calibration && m.kind === 'measure'
      ? formatLength(measuredMillimetres({ x: m.x1, y: m.y1 }, { x: m.x2, y: m.y2 }, calibration), locale)
      : null;
  const drawing = tool !== 'pan';

  const segment = drag ? { x1: drag.a.x, y1: drag.a.y, x2: drag.b.x, y2: drag.b.y } : null;
  let draft: PdfMarkup | null = null;
  if (segment && tool !== 'calibrate' && dragged.has(tool)) {
    draft = { kind: tool as 'area' | 'arrow' | 'cloud' | 'line' | 'measure', page: pageNo, ...segment };
  } else if (points.length > 0) {
    const all = hover && !near(hover, points.at(-1)!) ? [...points, hover] : points;
    draft =
      all.length >= 2
        ? { kind: 'polyline', page: pageNo, points: all.map((p) => [p.x, p.y]) }
        : { kind: 'line', page: pageNo, x1: all[0]!.x, y1: all[0]!.y, x2: all[0]!.x, y2: all[0]!.y };
  }
  const shown = draft
    ? [
        ...markups.filter((m) => !(draft.kind === 'measure' && m.id === 'measure')),
        { id: (draft.kind === 'measure' ? 'measure' : 'draft') as ShownMarkup['id'], markup: draft, active: true },
      ]
    : markups;

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
        cursor: drawing ? (tool === 'text' ? 'text' : 'crosshair') : undefined,
        touchAction: drawing ? 'none' : undefined,
      }}
      onPointerDown={(e) => {
        if (!drawing || e.button !== 0) return;
        const p = point(e);
        if (tool === 'text') {
          setTextAt(p);
          setText('');
          return;
        }
        if (tool === 'polyline') {
          const last = points.at(-1);
          if ((!last || !near(last, p)) && points.length < MARKUP_MAX_POINTS) setPoints([...points, p]);
          return;
        }
        if (tool === 'measure' && !calibration) {
          onNeedCalibration(pageNo);
          return;
        }
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag({ a: p, b: p });
      }}
      onPointerMove={(e) => {
        if (!drawing) return;
        if (drag) setDrag({ ...drag, b: point(e) });
        else if (points.length > 0) setHover(point(e));
      }}
      onPointerUp={() => {
        if (!drag || !segment) return;
        setDrag(null);
        if (Math.hypot(segment.x2 - segment.x1, segment.y2 - segment.y1) <= 0.005) return;
        if (tool === 'calibrate') onCalibrate(pageNo, segment);
        else if (tool === 'measure') onMeasure({ kind: 'measure', page: pageNo, ...segment });
        else if (draft) onDraw(draft);
      }}
      onDoubleClick={() => {
        if (tool === 'polyline') finishPolyline(points);
      }}
    >
      {nearView && <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} />}
      <MarkupLayer
        markups={shown}
        size={size}
        lengthOf={lengthOf}
        calibrating={tool === 'calibrate' ? segment : null}
      />
      {textAt && (
        <TextInput
          size="xs"
          autoFocus
          aria-label={t('VIEWER.Markup.TextLabel')}
          placeholder={t('VIEWER.Markup.TextPlaceholder')}
          maxLength={MARKUP_MAX_TEXT}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape') {
              setTextAt(null);
            } else if (e.key === 'Enter' && text.trim()) {
              e.preventDefault();
              setTextAt(null);
              onDraw({ kind: 'text', page: pageNo, x1: textAt.x, y1: textAt.y, text: text.trim() });
            }
          }}
          data-testid="markup-text-input"
          style={{
            position: 'absolute',
            left: `${Math.min(textAt.x * 100, 70)}%`,
            top: `${textAt.y * 100}%`,
            width: 200,
            maxWidth: '30%',
            minWidth: 120,
          }}
        />
      )}
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
