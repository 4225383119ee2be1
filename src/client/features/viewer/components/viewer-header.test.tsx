import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ViewerHeader } from './viewer-header';

const base = {
  rootId: 1,
  unitId: 2,
  title: '1. OG',
  stateKey: 'Review',
  compare: null,
  onDecide: null,
  submit: undefined,
};

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('ViewerHeader', { timeout: 20_000 }, () => {
  it('names the unit, leads back to it and offers nothing else by default', () => {
    renderWithProviders(<ViewerHeader {...base} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planprüfung: 1. OG');
    expect(screen.getByRole('link', { name: 'Zurück zur Einheit' }).getAttribute('href')).toBe(
      '/home/app/project/details/1/2',
    );
    expect(screen.queryByTestId('compare-toggle')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zeichnungen freigeben' })).toBeNull();
  });

  it('toggles compare mode and shows whether it is on', () => {
    const toggle = vi.fn();
    const { rerender } = renderWithProviders(<ViewerHeader {...base} compare={{ on: false, toggle }} />);
    expect(screen.getByTestId('compare-toggle').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('compare-toggle'));
    expect(toggle).toHaveBeenCalledTimes(1);
    rerender(<ViewerHeader {...base} compare={{ on: true, toggle }} />);
    expect(screen.getByTestId('compare-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('offers both decisions to the task holder', () => {
    const onDecide = vi.fn();
    renderWithProviders(<ViewerHeader {...base} onDecide={onDecide} />);
    fireEvent.click(screen.getByRole('button', { name: 'Überarbeitung anfordern' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zeichnungen freigeben' }));
    expect(onDecide.mock.calls).toEqual([['request-revision'], ['approve']]);
  });

  it('offers the submission, held back while the action is not enabled', () => {
    const submit = { action: 'submit-revised-drawings', requirement: null, nextState: 'x', enabled: false, hint: null };
    const { rerender } = renderWithProviders(<ViewerHeader {...base} submit={submit} />);
    const button = () => screen.getByRole('button', { name: 'Überarbeitete Zeichnungen einreichen' });
    expect(button()).toHaveProperty('disabled', true);
    rerender(<ViewerHeader {...base} submit={{ ...submit, enabled: true }} />);
    expect(button()).toHaveProperty('disabled', false);
  });
});
