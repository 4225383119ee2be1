import { useEffect, useState, type PointerEvent } from 'react';
import type { PdfMarkup } from '../../../../shared/schemas/review';
import type { PagePoint } from '../components/markup-geometry';
import { addPoint, draftMarkup, isClick, pointOnPage } from '../components/markup-draft';
import type { PdfTool, Segment } from '../components/pdf-page';

type Callbacks = {
  onDraw: (m: PdfMarkup) => void;
  onMeasure: (m: PdfMarkup) => void;
  onCalibrate: (page: number, segment: Segment) => void;
  onNeedCalibration: (page: number) => void;
};

const pointIn = (e: PointerEvent<HTMLElement>) =>
  pointOnPage(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);

/**
 * Drawing on one page with `tool`: a dragged shape (from, to), the points of a polyline (with the
 * pointer as the next one; double click or Enter finishes it, Escape drops it), a text's place.
 * Measuring needs the page's calibration first. A change of tool drops what was begun.
 */
export function useMarkupDrawing(tool: PdfTool, pageNo: number, calibrated: boolean, on: Callbacks) {
  const [drag, setDrag] = useState<{ a: PagePoint; b: PagePoint } | null>(null);
  const [points, setPoints] = useState<PagePoint[]>([]);
  const [hover, setHover] = useState<PagePoint | null>(null);
  const [textAt, setTextAt] = useState<PagePoint | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    setDrag(null);
    setPoints([]);
    setHover(null);
    setTextAt(null);
    setText('');
  }, [tool]);

  const { onDraw } = on;
  const finishPolyline = (list: PagePoint[]) => {
    setPoints([]);
    setHover(null);
    if (list.length >= 2) onDraw({ kind: 'polyline', page: pageNo, points: list.map((p) => [p.x, p.y]) });
  };
  useEffect(() => {
    if (points.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' && e.key !== 'Enter') return;
      e.preventDefault();
      setPoints([]);
      setHover(null);
      if (e.key === 'Enter' && points.length >= 2) {
        onDraw({ kind: 'polyline', page: pageNo, points: points.map((p) => [p.x, p.y]) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [points, onDraw, pageNo]);

  const segment = drag ? { x1: drag.a.x, y1: drag.a.y, x2: drag.b.x, y2: drag.b.y } : null;
  const draft = draftMarkup(tool, pageNo, segment, points, hover);
  const drawing = tool !== 'pan';

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (!drawing || e.button !== 0) return;
      const p = pointIn(e);
      if (tool === 'text') {
        setTextAt(p);
        return setText('');
      }
      if (tool === 'polyline') return setPoints(addPoint(points, p));
      if (tool === 'measure' && !calibrated) return on.onNeedCalibration(pageNo);
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ a: p, b: p });
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (!drawing) return;
      if (drag) setDrag({ ...drag, b: pointIn(e) });
      else if (points.length > 0) setHover(pointIn(e));
    },
    onPointerUp: () => {
      if (!drag || !segment) return;
      setDrag(null);
      if (isClick(segment)) return;
      if (tool === 'calibrate') on.onCalibrate(pageNo, segment);
      else if (tool === 'measure') on.onMeasure({ kind: 'measure', page: pageNo, ...segment });
      else if (draft) onDraw(draft);
    },
    onDoubleClick: () => {
      if (tool === 'polyline') finishPolyline(points);
    },
  };
  // The text being typed where the text tool clicked: Enter places it, Escape drops it.
  const typing = textAt && {
    at: textAt,
    value: text,
    onChange: setText,
    onClose: () => setTextAt(null),
    onSubmit: () => {
      setTextAt(null);
      onDraw({ kind: 'text', page: pageNo, x1: textAt.x, y1: textAt.y, text: text.trim() });
    },
  };
  return { draft, segment, handlers, typing };
}
