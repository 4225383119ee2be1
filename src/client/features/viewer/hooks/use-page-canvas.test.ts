import { describe, expect, it } from 'vitest';
import { pageRenderScale } from './use-page-canvas';

describe('pageRenderScale', () => {
  const a4 = { w: 595, h: 842 };
  const a0 = { w: 3370, h: 2384 };

  it('draws at the screen density, at most twice the CSS pixels', () => {
    expect(pageRenderScale(1, 1, a4)).toBe(1);
    expect(pageRenderScale(1, 2, a4)).toBe(2);
    expect(pageRenderScale(1, 3, a4)).toBe(2);
    expect(pageRenderScale(1, 0, a4)).toBe(1);
  });

  it('keeps a large sheet at about 16 megapixels', () => {
    const s = pageRenderScale(2, 2, a0);
    expect(s).toBeLessThan(4);
    expect(a0.w * s * a0.h * s).toBeCloseTo(16e6, -3);
  });
});
