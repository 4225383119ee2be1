import { useEffect, useState } from 'react';

/** The number a NumberInput's value stands for: null when empty, undefined while it is none yet ("-"). */
function numberOf(value: number | string): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The value of a Mantine NumberInput bound to a number held elsewhere (a form's state, a reducer).
 * While a number is typed, the field shows what was typed: "12," on the way to "12,5" stays "12,"
 * (NumberInput reports it as the text "12."), where handing back the number 12 would drop the
 * decimal mark and turn the next key into "125". The holder gets the number each text stands for
 * (12 for "12,", null when emptied); a value set from outside replaces the text unless the text
 * already means it.
 */
export function useNumberText(value: number | null, onNumber: (value: number | null) => void) {
  const [text, setText] = useState<number | string>(value ?? '');
  useEffect(() => {
    setText((current) => (numberOf(current) === value ? current : (value ?? '')));
  }, [value]);
  return {
    value: text,
    onChange: (next: number | string) => {
      setText(next);
      const parsed = numberOf(next);
      if (parsed !== undefined) onNumber(parsed);
    },
  };
}
