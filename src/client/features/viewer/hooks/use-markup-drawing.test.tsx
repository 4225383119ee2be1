import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PdfTool } from '../components/pdf-page';
import { useMarkupDrawing } from './use-markup-drawing';

// jsdom has no pointer events: a mouse event with a pointer's id stands in (React reads clientX, button).
if (typeof window.PointerEvent === 'undefined') {
  window.PointerEvent = class extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  } as typeof PointerEvent;
}

function Page({
  tool,
  calibrated,
  on,
}: {
  tool: PdfTool;
  calibrated: boolean;
  on: Parameters<typeof useMarkupDrawing>[3];
}) {
  const { draft, handlers } = useMarkupDrawing(tool, 3, calibrated, on);
  return (
    <div
      data-testid="page"
      ref={(el) => {
        // jsdom has no layout: the page is 200 × 100 pixels at the origin.
        if (!el) return;
        el.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100 }) as DOMRect;
        el.setPointerCapture = () => {};
      }}
      {...handlers}
    >
      {draft?.kind}
    </div>
  );
}

const callbacks = () => ({ onDraw: vi.fn(), onMeasure: vi.fn(), onCalibrate: vi.fn(), onNeedCalibration: vi.fn() });

describe('useMarkupDrawing', () => {
  it('draws a dragged area in page fractions, and shows it while dragging', () => {
    const on = callbacks();
    const { getByTestId } = render(<Page tool="area" calibrated={false} on={on} />);
    const page = getByTestId('page');
    fireEvent.pointerDown(page, { button: 0, clientX: 20, clientY: 10 });
    fireEvent.pointerMove(page, { clientX: 100, clientY: 50 });
    expect(page.textContent).toBe('area');
    fireEvent.pointerUp(page);
    expect(on.onDraw).toHaveBeenCalledWith({ kind: 'area', page: 3, x1: 0.1, y1: 0.1, x2: 0.5, y2: 0.5 });
    expect(page.textContent).toBe('');
  });

  it('asks for a calibration before measuring, and measures once calibrated', () => {
    const on = callbacks();
    const { getByTestId, rerender } = render(<Page tool="measure" calibrated={false} on={on} />);
    fireEvent.pointerDown(getByTestId('page'), { button: 0, clientX: 20, clientY: 10 });
    expect(on.onNeedCalibration).toHaveBeenCalledWith(3);
    rerender(<Page tool="measure" calibrated on={on} />);
    fireEvent.pointerDown(getByTestId('page'), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(getByTestId('page'), { clientX: 200, clientY: 0 });
    fireEvent.pointerUp(getByTestId('page'));
    expect(on.onMeasure).toHaveBeenCalledWith({ kind: 'measure', page: 3, x1: 0, y1: 0, x2: 1, y2: 0 });
    expect(on.onDraw).not.toHaveBeenCalled();
  });

  it('takes a click for nothing', () => {
    const on = callbacks();
    const { getByTestId } = render(<Page tool="line" calibrated={false} on={on} />);
    fireEvent.pointerDown(getByTestId('page'), { button: 0, clientX: 20, clientY: 10 });
    fireEvent.pointerUp(getByTestId('page'));
    expect(on.onDraw).not.toHaveBeenCalled();
  });

  it('collects polyline points until Enter; Escape or another tool drops them', () => {
    const on = callbacks();
    const { getByTestId, rerender } = render(<Page tool="polyline" calibrated={false} on={on} />);
    const page = getByTestId('page');
    fireEvent.pointerDown(page, { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerDown(page, { button: 0, clientX: 100, clientY: 0 });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(page.textContent).toBe('');
    fireEvent.pointerDown(page, { button: 0, clientX: 0, clientY: 0 });
    rerender(<Page tool="area" calibrated={false} on={on} />);
    expect(page.textContent).toBe('');
    rerender(<Page tool="polyline" calibrated={false} on={on} />);
    fireEvent.pointerDown(page, { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerDown(page, { button: 0, clientX: 100, clientY: 0 });
    fireEvent.pointerDown(page, { button: 0, clientX: 100, clientY: 100 });
    expect(page.textContent).toBe('polyline');
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(on.onDraw).toHaveBeenCalledTimes(1);
    expect(on.onDraw).toHaveBeenCalledWith({
      kind: 'polyline',
      page: 3,
      points: [
        [0, 0],
        [0.5, 0],
        [0.5, 1],
      ],
    });
  });
});
