import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from './product-type-badge';

describe('product type badge colours', () => {
  it('keeps the own text colour when it reaches 4.5:1, else takes black or white', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(readableTextColor('#0b7285', '#ffffff')).toBe('#ffffff');
    // Yellow with white text is unreadable: black instead.
    expect(readableTextColor('#fcc419', '#ffffff')).toBe('#000000');
    expect(readableTextColor('#1c1c1c', '#333333')).toBe('#ffffff');
    expect(readableTextColor('not a colour', '#ffffff')).toBe('#000000');
  });
});
