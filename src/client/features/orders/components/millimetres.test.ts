import { describe, expect, it } from 'vitest';
import { formatMillimetres } from './use-number-format';

describe('millimetres in the order tables', () => {
  it('show without a thousands separator, as in the input', () => {
    expect(formatMillimetres(2480)).toBe('2480');
    expect(formatMillimetres(12500)).toBe('12500');
    expect(formatMillimetres(null)).toBe('');
  });
});
