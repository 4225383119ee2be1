import { useCallback, useRef, useState } from 'react';
import { MAX_LINES, withLine, type MeasureLine, type Vec3 } from '../components/model-measure';

/**
 * Measuring on the model: whether it is on, the lines measured and the first point of the next one.
 * Points come in pairs: the first waits, the second makes a line with it. The actions keep their
 * identity, so listeners set up with them stay.
 */
export function useMeasureLines() {
  const [measuring, setMeasuring] = useState(false);
  const [lines, setLines] = useState<MeasureLine[]>([]);
  const [pending, setPending] = useState<Vec3 | null>(null);
  // Read by the click that brings the second point, whatever was drawn in between.
  const firstPoint = useRef<Vec3 | null>(null);
  const setFirst = useCallback((p: Vec3 | null) => {
    firstPoint.current = p;
    setPending(p);
  }, []);

  const addPoint = useCallback(
    (p: Vec3) => {
      const first = firstPoint.current;
      setFirst(first ? null : p);
      if (first) setLines((list) => withLine(list, { start: first, end: p }));
    },
    [setFirst],
  );
  const toggleMeasuring = useCallback(() => {
    setMeasuring((on) => !on);
    setFirst(null);
  }, [setFirst]);
  const clear = useCallback(() => {
    setLines([]);
    setFirst(null);
  }, [setFirst]);
  /** A topic's lines shown (the first `MAX_LINES`), nothing pending. */
  const show = useCallback(
    (shown: MeasureLine[]) => {
      setLines(shown.slice(0, MAX_LINES));
      setFirst(null);
    },
    [setFirst],
  );

  return { measuring, lines, pending, addPoint, toggleMeasuring, clear, show };
}
