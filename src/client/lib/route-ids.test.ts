import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidIds } from './route-ids';

describe('route ids', () => {
  it('accepts positive whole numbers up to the largest database id', () => {
    expect(hasValidIds({ rootUnitId: '12', unitId: '2147483647', topic: 'upload' })).toBe(true);
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (n) => hasValidIds({ unitId: String(n) })));
  });

  it('refuses anything else, whatever the parameter is called', () => {
    for (const bad of ['questionnaire', '0', '-1', '1.5', '0x10', ' 2', '2147483648', '', '012']) {
      expect(hasValidIds({ rootUnitId: '1', unitId: bad }), bad).toBe(false);
      expect(hasValidIds({ userId: bad }), bad).toBe(false);
    }
  });
});
