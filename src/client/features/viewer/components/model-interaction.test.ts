import { describe, expect, it } from 'vitest';
import { isClick, toggled } from './model-data';

describe('model interaction', () => {
  it('takes a pointer released near where it went down for a click, further for an orbit', () => {
    expect(isClick({ x: 10, y: 10 }, { x: 13, y: 12 })).toBe(true);
    expect(isClick({ x: 10, y: 10 }, { x: 14, y: 14 })).toBe(false);
    expect(isClick(null, { x: 10, y: 10 })).toBe(false);
  });

  it('switches one group and leaves the others', () => {
    const groups = [
      { label: 'EG', ids: [1], visible: true },
      { label: 'OG', ids: [2], visible: true },
    ];
    expect(toggled(groups, 1).map((g) => g.visible)).toEqual([true, false]);
    expect(toggled(toggled(groups, 1), 1)).toEqual(groups);
    expect(groups[1]!.visible).toBe(true);
  });
});
