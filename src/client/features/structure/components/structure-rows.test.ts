import { describe, expect, it } from 'vitest';
import { dropAction, estimatedLotHeight, freeMaterialTypes, repeatedNameIds } from './structure-rows';

const material = (type: string) => ({ type, volume: 0, deliveryDate: null });

describe('freeMaterialTypes', () => {
  it("leaves out the types the lot has a row for, in the tenant's order", () => {
    expect(freeMaterialTypes([material('lintel')], ['aac', 'lintel', 'cs'])).toEqual(['aac', 'cs']);
    expect(freeMaterialTypes([material('aac'), material('cs')], ['aac', 'cs'])).toEqual([]);
    expect(freeMaterialTypes([], ['aac'])).toEqual(['aac']);
  });
});

describe('dropAction', () => {
  const lot = { kind: 'lot', subId: 's1', lotId: 'l2' } as const;
  const sub = { kind: 'subproject', subId: 's2' } as const;

  it('moves a lot to the place of a lot of its own subproject', () => {
    expect(dropAction(lot, { kind: 'lot', subId: 's1', index: 0 })).toEqual({
      type: 'moveLotTo',
      subId: 's1',
      lotId: 'l2',
      to: 0,
    });
  });

  it('moves a subproject to the place of a subproject', () => {
    expect(dropAction(sub, { kind: 'subproject', index: 3 })).toEqual({ type: 'moveSubprojectTo', subId: 's2', to: 3 });
  });

  it('refuses a lot of another subproject, a row of the other kind and no drag at all', () => {
    expect(dropAction(lot, { kind: 'lot', subId: 's9', index: 0 })).toBeNull();
    expect(dropAction(lot, { kind: 'subproject', index: 0 })).toBeNull();
    expect(dropAction(sub, { kind: 'lot', subId: 's2', index: 0 })).toBeNull();
    expect(dropAction(null, { kind: 'subproject', index: 0 })).toBeNull();
  });
});

describe('repeatedNameIds', () => {
  it('marks a row named like one before it, case and spaces aside; not the first, not unnamed rows', () => {
    const rows = [
      { id: 'a', name: 'EG' },
      { id: 'b', name: ' eg ' },
      { id: 'c', name: 'OG' },
      { id: 'd', name: '' },
      { id: 'e', name: '  ' },
      { id: 'f', name: 'Eg' },
    ];
    expect([...repeatedNameIds(rows)]).toEqual(['b', 'f']);
    expect(repeatedNameIds([]).size).toBe(0);
  });
});

describe('estimatedLotHeight', () => {
  it('keeps the height of one row per material', () => {
    expect(estimatedLotHeight(1)).toBe(62);
    expect(estimatedLotHeight(3)).toBe(62 + 2 * 44);
  });
});
