import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ModelToolsBar } from './model-tools-bar';

const base = {
  measuring: false,
  onToggleMeasuring: vi.fn(),
  lastDistance: null,
  onClear: vi.fn(),
  section: null,
  onSectionChange: vi.fn(),
};
const button = (name: string) => screen.queryByRole('button', { name });

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('ModelToolsBar', { timeout: 20_000 }, () => {
  it('switches measuring, says how to measure, then shows the last distance and offers to clear', () => {
    const onToggleMeasuring = vi.fn();
    const onClear = vi.fn();
    const props = { ...base, onToggleMeasuring, onClear };
    const { rerender } = renderWithProviders(<ModelToolsBar {...props} />);
    const measure = button('Abstand messen')!;
    expect(measure.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('Klicken Sie auf zwei Punkte des Modells.')).toBeNull();
    expect(button('Messungen entfernen')).toBeNull();
    fireEvent.click(measure);
    expect(onToggleMeasuring).toHaveBeenCalledTimes(1);

    rerender(<ModelToolsBar {...props} measuring />);
    expect(button('Abstand messen')!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Klicken Sie auf zwei Punkte des Modells.')).toBeTruthy();

    rerender(<ModelToolsBar {...props} measuring lastDistance="5,00 m" />);
    expect(screen.getByTestId('model-measure-result').textContent).toBe('Abstand: 5,00 m');
    expect(screen.queryByText('Klicken Sie auf zwei Punkte des Modells.')).toBeNull();
    fireEvent.click(button('Messungen entfernen')!);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('switches a section on across the middle of the height, and off again', () => {
    const onSectionChange = vi.fn();
    const { rerender } = renderWithProviders(<ModelToolsBar {...base} onSectionChange={onSectionChange} />);
    expect(screen.queryByTestId('model-section-slider')).toBeNull();
    fireEvent.click(button('Schnittebene')!);
    expect(onSectionChange).toHaveBeenLastCalledWith({ axis: 'y', at: 0.5, flipped: false });
    const section = { axis: 'y' as const, at: 0.5, flipped: false };
    rerender(<ModelToolsBar {...base} section={section} onSectionChange={onSectionChange} />);
    expect(button('Schnittebene')!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Schnittebene')!);
    expect(onSectionChange).toHaveBeenLastCalledWith(null);
  });

  it("changes the section's axis, place and side", () => {
    const onSectionChange = vi.fn();
    const section = { axis: 'y' as const, at: 0.5, flipped: false };
    renderWithProviders(<ModelToolsBar {...base} section={section} onSectionChange={onSectionChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Z' }));
    expect(onSectionChange).toHaveBeenLastCalledWith({ ...section, axis: 'z' });
    const thumb = screen.getByRole('slider', { name: 'Lage des Schnitts' });
    expect(thumb.getAttribute('aria-valuenow')).toBe('0.5');
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    expect(onSectionChange).toHaveBeenLastCalledWith({ ...section, at: 0.51 });
    const flip = button('Andere Seite zeigen')!;
    expect(flip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(flip);
    expect(onSectionChange).toHaveBeenLastCalledWith({ ...section, flipped: true });
  });
});
