import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CompareRegions } from './compare-sheet';

describe('CompareRegions', () => {
  it('frames each change with a margin, marks the active one and picks one on click', () => {
    const onPick = vi.fn();
    render(
      <CompareRegions
        regions={[
          { x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4, added: 3, removed: 0 },
          { x1: 0.5, y1: 0.5, x2: 0.6, y2: 0.6, added: 0, removed: 2 },
        ]}
        active={1}
        label={(n) => `Änderung ${n}`}
        onPick={onPick}
      />,
    );
    const first = screen.getByRole('button', { name: 'Änderung 1' });
    expect(Number(first.getAttribute('x'))).toBeCloseTo(92);
    expect(Number(first.getAttribute('width'))).toBeCloseTo(216);
    expect(first.getAttribute('data-active')).toBeNull();
    expect(screen.getByRole('button', { name: 'Änderung 2' }).getAttribute('data-active')).toBe('true');
    fireEvent.click(first);
    expect(onPick).toHaveBeenCalledWith(0);
  });
});
