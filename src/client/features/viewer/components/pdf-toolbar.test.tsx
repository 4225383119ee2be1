import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PdfToolbar } from './pdf-toolbar';

const base = { onGoTo: vi.fn(), onZoom: vi.fn(), onFitWidth: vi.fn(), onActualSize: vi.fn(), tools: null };

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('PdfToolbar', { timeout: 20_000 }, () => {
  it('shows the page and the zoom, and steps between pages within the document', () => {
    const onGoTo = vi.fn();
    renderWithProviders(<PdfToolbar {...base} page={1} pages={3} scale={1.234} onGoTo={onGoTo} />);
    expect(screen.getByTestId('pdf-page').textContent).toBe('Seite 1 von 3');
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('123 %');
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(onGoTo).toHaveBeenCalledWith(2);
  });

  it('zooms by a quarter each way and offers fit width and 100 %', () => {
    const onZoom = vi.fn();
    const onFitWidth = vi.fn();
    const onActualSize = vi.fn();
    renderWithProviders(
      <PdfToolbar
        {...base}
        page={3}
        pages={3}
        scale={1}
        onZoom={onZoom}
        onFitWidth={onFitWidth}
        onActualSize={onActualSize}
      />,
    );
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Vergrößern' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verkleinern' }));
    expect(onZoom.mock.calls).toEqual([[1.25], [0.8]]);
    fireEvent.click(screen.getByRole('radio', { name: 'Ganze Breite' }));
    fireEvent.click(screen.getByRole('radio', { name: '100 %' }));
    expect(onFitWidth).toHaveBeenCalledTimes(1);
    expect(onActualSize).toHaveBeenCalledTimes(1);
  });

  it('offers the drawing tools, each with its key, only when drawing is allowed', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<PdfToolbar {...base} page={1} pages={1} scale={1} />);
    expect(screen.queryByTestId('pdf-tools')).toBeNull();
    rerender(<PdfToolbar {...base} page={1} pages={1} scale={1} tools={{ tool: 'pan', onChange }} />);
    const measure = screen.getByLabelText('Messen (M)');
    expect(measure.getAttribute('aria-keyshortcuts')).toBe('M');
    fireEvent.click(measure);
    expect(onChange).toHaveBeenCalledWith('measure');
  });
});
