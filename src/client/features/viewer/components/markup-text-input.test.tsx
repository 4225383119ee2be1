import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MarkupTextInput } from './markup-text-input';

function Field({ onClose, onSubmit }: { onClose: () => void; onSubmit: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <MarkupTextInput
      at={{ x: 0.9, y: 0.25 }}
      value={value}
      onChange={setValue}
      onClose={onClose}
      onSubmit={() => onSubmit(value)}
    />
  );
}

// The first render loads Mantine's components: more than the default 5 s on a busy machine.
describe('MarkupTextInput', { timeout: 20_000 }, () => {
  it('places a typed text with Enter, but not an empty one', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Field onClose={vi.fn()} onSubmit={onSubmit} />);
    const input = screen.getByTestId('markup-text-input');
    expect(document.activeElement).toBe(input);
    // Kept inside the page near its right edge.
    expect(input.closest('[style*="left"]')?.getAttribute('style')).toContain('left: 70%');
    await userEvent.keyboard('   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('Tür fehlt{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('   Tür fehlt');
  });

  it('drops the text with Escape', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Field onClose={onClose} onSubmit={vi.fn()} />);
    await userEvent.keyboard('x{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
