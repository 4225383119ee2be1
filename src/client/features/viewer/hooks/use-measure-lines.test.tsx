import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_LINES, type MeasureLine } from '../components/model-measure';
import { useMeasureLines } from './use-measure-lines';

describe('useMeasureLines', () => {
  it('makes a line of every two points, the first waiting for the second', () => {
    const { result } = renderHook(() => useMeasureLines());
    act(() => result.current.addPoint([0, 0, 0]));
    expect(result.current.pending).toEqual([0, 0, 0]);
    expect(result.current.lines).toEqual([]);
    act(() => result.current.addPoint([3, 4, 0]));
    expect(result.current.pending).toBeNull();
    act(() => result.current.addPoint([1, 1, 1]));
    expect(result.current.lines).toEqual([{ start: [0, 0, 0], end: [3, 4, 0] }]);
    expect(result.current.pending).toEqual([1, 1, 1]);
  });

  it('takes two points given before a render as one line', () => {
    const { result } = renderHook(() => useMeasureLines());
    act(() => {
      result.current.addPoint([0, 0, 0]);
      result.current.addPoint([1, 0, 0]);
    });
    expect(result.current.lines).toEqual([{ start: [0, 0, 0], end: [1, 0, 0] }]);
  });

  it('drops the waiting point when measuring is switched or the lines are cleared', () => {
    const { result } = renderHook(() => useMeasureLines());
    const addPoint = result.current.addPoint;
    act(() => result.current.toggleMeasuring());
    expect(result.current.measuring).toBe(true);
    act(() => result.current.addPoint([0, 0, 0]));
    act(() => result.current.toggleMeasuring());
    expect([result.current.measuring, result.current.pending]).toEqual([false, null]);
    act(() => result.current.addPoint([1, 0, 0]));
    act(() => result.current.addPoint([2, 0, 0]));
    act(() => result.current.addPoint([5, 0, 0]));
    act(() => result.current.clear());
    expect([result.current.lines, result.current.pending]).toEqual([[], null]);
    // The actions stay the same, so listeners set up with them need not be set up again.
    expect(result.current.addPoint).toBe(addPoint);
  });

  it("shows a topic's lines, the first ones only, and nothing waiting", () => {
    const { result } = renderHook(() => useMeasureLines());
    const many: MeasureLine[] = Array.from({ length: MAX_LINES + 3 }, (_, n) => ({ start: [n, 0, 0], end: [n, 1, 0] }));
    act(() => result.current.addPoint([9, 9, 9]));
    act(() => result.current.show(many));
    expect(result.current.lines).toEqual(many.slice(0, MAX_LINES));
    expect(result.current.pending).toBeNull();
    act(() => result.current.addPoint([0, 0, 0]));
    expect(result.current.lines).toHaveLength(MAX_LINES);
  });
});
