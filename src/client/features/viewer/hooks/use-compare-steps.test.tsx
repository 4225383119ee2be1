import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PdfComparisonView } from '../../../../shared/schemas/compare';
import { useCompareSteps } from './use-compare-steps';

const box = { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 };
const result = {
  pages: [
    { page: 2, offset: { dx: 0, dy: 0 }, regions: [box, box] },
    { page: 4, offset: { dx: 0, dy: 0 }, regions: [box] },
  ],
} as unknown as PdfComparisonView;

function View() {
  const s = useCompareSteps(result);
  return (
    <div tabIndex={0} onKeyDown={s.onKeyDown} data-testid="view">
      {s.step}@{s.page}
      <input aria-label="field" />
    </div>
  );
}

describe('useCompareSteps', () => {
  it('steps through the changes across pages and wraps around', () => {
    const { result: r } = renderHook(() => useCompareSteps(result));
    act(() => r.current.goToStep(r.current.step - 1));
    expect([r.current.step, r.current.page, r.current.current?.index]).toEqual([2, 4, 0]);
    act(() => r.current.goToStep(r.current.step + 1));
    expect([r.current.step, r.current.page]).toEqual([0, 2]);
  });

  it('picks a box on the page shown', () => {
    const { result: r } = renderHook(() => useCompareSteps(result));
    act(() => r.current.setPage(2));
    act(() => r.current.pick(1));
    expect(r.current.step).toBe(1);
    act(() => r.current.pick(5));
    expect(r.current.step).toBe(1);
  });

  it('does nothing without changes', () => {
    const { result: r } = renderHook(() => useCompareSteps(null));
    act(() => r.current.goToStep(1));
    expect([r.current.step, r.current.page, r.current.current]).toEqual([0, 1, null]);
  });

  it('N and J go forward, P and K back; not while typing', () => {
    const { getByTestId, getByLabelText } = render(<View />);
    const view = getByTestId('view');
    fireEvent.keyDown(view, { key: 'n' });
    expect(view.textContent).toBe('1@2');
    fireEvent.keyDown(view, { key: 'j' });
    expect(view.textContent).toBe('2@4');
    fireEvent.keyDown(view, { key: 'k' });
    fireEvent.keyDown(view, { key: 'p' });
    expect(view.textContent).toBe('0@2');
    fireEvent.keyDown(getByLabelText('field'), { key: 'n' });
    fireEvent.keyDown(view, { key: 'n', ctrlKey: true });
    expect(view.textContent).toBe('0@2');
  });
});
