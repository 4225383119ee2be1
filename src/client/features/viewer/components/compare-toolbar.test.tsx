import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CompareToolbar } from './compare-toolbar';

const props = () => ({
  against: 2,
  earlier: [2, 1],
  onAgainstChange: vi.fn(),
  mode: 'overlay' as const,
  onModeChange: vi.fn(),
  opacity: 80,
  onOpacityChange: vi.fn(),
  scale: 0.5,
  onZoom: vi.fn(),
  page: 1,
  pageCount: 2,
  onPageChange: vi.fn(),
});

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('CompareToolbar', { timeout: 20_000 }, () => {
  it('shows the zoom and the page, and moves between pages and modes', () => {
    const p = props();
    renderWithProviders(<CompareToolbar {...p} />);
    expect(screen.getByText('50 %')).toBeTruthy();
    expect(screen.getByTestId('compare-page').textContent).toBe('Seite 1 von 2');
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(p.onPageChange).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Vergrößern' }));
    expect(p.onZoom).toHaveBeenCalledWith(1.25);
    fireEvent.click(screen.getByRole('radio', { name: 'Nebeneinander' }));
    expect(p.onModeChange).toHaveBeenCalledWith('side');
  });

  it('offers the opacity only in the overlay, and one page at least', () => {
    const { rerender } = renderWithProviders(<CompareToolbar {...props()} />);
    expect(screen.getByRole('slider')).toBeTruthy();
    rerender(<CompareToolbar {...props()} mode="side" pageCount={0} />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByTestId('compare-page').textContent).toBe('Seite 1 von 1');
  });

  it('compares with another earlier version when chosen', async () => {
    const p = props();
    renderWithProviders(<CompareToolbar {...p} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Vergleichen mit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Version 1', hidden: true }));
    expect(p.onAgainstChange).toHaveBeenCalledWith(1);
  });
});
