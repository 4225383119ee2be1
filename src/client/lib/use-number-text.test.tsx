import { NumberInput } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useNumberText } from './use-number-text';

/** A volume held as a number by its form, typed in German (decimal comma), as the structure editor has it. */
function Volume({ initial = null }: { initial?: number | null }) {
  const [held, setHeld] = useState<number | null>(initial);
  const field = useNumberText(held, setHeld);
  return (
    <>
      <NumberInput aria-label="Volumen" decimalSeparator="," decimalScale={2} suffix=" m³" {...field} />
      <output data-testid="held">{String(held)}</output>
      <button type="button" onClick={() => setHeld(42)}>
        from outside
      </button>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Volumen' });
const held = () => screen.getByTestId('held').textContent;

describe('useNumberText', () => {
  it('keeps the decimal comma while a number is typed key by key, and hands on the number', async () => {
    renderWithProviders(<Volume />);
    await userEvent.click(field());
    await userEvent.keyboard('12,');
    expect(held()).toBe('12');
    await userEvent.keyboard('5');
    expect(field().value).toBe('12,5 m³');
    expect(held()).toBe('12.5');
  });

  it('hands on null when emptied, and shows a value set from outside', async () => {
    renderWithProviders(<Volume initial={7} />);
    expect(field().value).toBe('7 m³');
    await userEvent.clear(field());
    expect(held()).toBe('null');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'from outside' })));
    expect(field().value).toBe('42 m³');
  });
});
