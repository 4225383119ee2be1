import { useEffect, useState, type RefObject } from 'react';

/** Tables above this size render only the rows in view (plus a margin). */
export const WINDOW_THRESHOLD = 80;
const OVERSCAN = 12;

/**
 * Windowing for long order tables: for the scroll container `ref`, the slice of rows to render
 * and the heights of the spacer rows that stand in for the others (rows have a fixed height).
 */
export function useRowWindow(ref: RefObject<HTMLDivElement | null>, count: number, rowHeight: number) {
  const enabled = count > WINDOW_THRESHOLD;
  const [range, setRange] = useState({ start: 0, end: 40 });

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const update = () => {
      const start = Math.max(0, Math.floor(el.scrollTop / rowHeight) - OVERSCAN);
      const end = Math.ceil((el.scrollTop + el.clientHeight) / rowHeight) + OVERSCAN;
      setRange((r) => (r.start === start && r.end === end ? r : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    return () => el.removeEventListener('scroll', update);
  }, [ref, enabled, rowHeight, count]);

  if (!enabled) return { enabled, start: 0, end: count, padTop: 0, padBottom: 0 };
  const end = Math.min(range.end, count);
  const start = Math.min(range.start, end);
  return { enabled, start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
