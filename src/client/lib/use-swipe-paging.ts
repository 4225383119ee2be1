import { useRef } from 'react';

const MIN_DISTANCE = 60;

/**
 * Swipe left for the next page, right for the previous one (touch screens, spec §2). Mostly
 * horizontal moves only, so vertical scrolling is left alone.
 */
export function useSwipePaging(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const from = start.current;
      const touch = e.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 2) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
  };
}
