import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CompareChangesBar } from './compare-changes-bar';

const base = { pending: false, step: 0, onStep: vi.fn(), onTopic: null, offset: null };

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('CompareChangesBar', { timeout: 20_000 }, () => {
  it('says which change is shown and steps back and forth', () => {
    const onStep = vi.fn();
    renderWithProviders(<CompareChangesBar {...base} count={5} step={2} onStep={onStep} />);
    expect(screen.getByTestId('compare-summary').textContent).toBe('Änderung 3 von 5');
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Änderung (N)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vorige Änderung (P)' }));
    expect(onStep.mock.calls).toEqual([[3], [1]]);
    expect(screen.queryByRole('button', { name: 'Anmerkung zu dieser Änderung' })).toBeNull();
    expect(screen.queryByTestId('compare-offset')).toBeNull();
  });

  it('says so when nothing changed, and offers no stepping', () => {
    renderWithProviders(<CompareChangesBar {...base} count={0} offset={{ dx: 0, dy: 0 }} />);
    expect(screen.getByTestId('compare-summary').textContent).toBe('Keine Änderungen gefunden');
    expect(screen.getByRole('button', { name: 'Nächste Änderung (N)' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('compare-offset')).toBeNull();
  });

  it('offers a topic from the change and shows the sheet shift in millimetres', () => {
    const onTopic = vi.fn();
    renderWithProviders(<CompareChangesBar {...base} count={1} onTopic={onTopic} offset={{ dx: 72, dy: -144 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Anmerkung zu dieser Änderung' }));
    expect(onTopic).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('compare-offset').textContent).toBe(
      'Blatt um 25 mm / -51 mm verschoben und ausgerichtet',
    );
  });

  it('shows the computing note while pending, and nothing before a result', () => {
    const { rerender } = renderWithProviders(<CompareChangesBar {...base} pending count={null} />);
    expect(screen.getByText('Versionen werden verglichen …')).toBeTruthy();
    rerender(<CompareChangesBar {...base} count={null} />);
    expect(screen.queryByTestId('compare-summary')).toBeNull();
    expect(screen.queryByText('Versionen werden verglichen …')).toBeNull();
  });
});
