import { describe, expect, it } from 'vitest';
import { projectUnitTypes, stateKeys } from '../schemas/project-unit';
import {
  addDays,
  allowedChildTypes,
  availableVolume,
  remainingSubprojectVolume,
  canCreateType,
  checkCreateChild,
  checkDeleteUnit,
  checkMaterials,
  earliestDeliveryDate,
  initialStateKey,
  isLintelDeliveryDateValid,
} from './project-units';

const variants = [null, 'aac_elements', 'lintel'] as const;
const roles = [true, false] as const;

/** The spec's table, written out per parent type and variant. */
const childTable: Record<string, Record<string, string[]>> = {
  project: { none: ['subproject', 'folder'], aac_elements: ['subproject', 'folder'], lintel: ['subproject', 'folder'] },
  subproject: {
    none: ['approvallot', 'folder'],
    // No folder where no file can be uploaded (variantsWithoutFiles).
    aac_elements: ['aacorderlot'],
    lintel: ['lintelorderlot'],
  },
  approvallot: {
    none: ['drawingjob', 'folder'],
    aac_elements: ['drawingjob', 'folder'],
    lintel: ['drawingjob', 'folder'],
  },
};

describe('allowedChildTypes', () => {
  for (const parent of projectUnitTypes) {
    for (const variant of variants) {
      it(`${parent} (${variant ?? 'no variant'})`, () => {
        expect(allowedChildTypes(parent, variant)).toEqual(childTable[parent]?.[variant ?? 'none'] ?? []);
      });
    }
  }
  it('treats an unknown variant like no variant', () => {
    expect(allowedChildTypes('subproject', 'other')).toEqual(['approvallot', 'folder']);
  });
});

describe('canCreateType and checkCreateChild: every parent × variant × role × root state', () => {
  for (const parent of projectUnitTypes) {
    for (const variant of variants) {
      for (const isSalesPlanner of roles) {
        for (const isInternal of roles) {
          for (const rootStateKey of stateKeys) {
            it(`${parent}/${variant ?? '-'} planner=${isSalesPlanner} internal=${isInternal} root=${rootStateKey}`, () => {
              const ctx = { isSalesPlanner, rootStateKey, isInternal };
              const children = childTable[parent]?.[variant ?? 'none'] ?? [];
              for (const type of projectUnitTypes) {
                const mayCreate =
                  type === 'drawingjob'
                    ? isInternal
                    : isSalesPlanner || (type !== 'project' && (type === 'folder' || rootStateKey === 'Structuring'));
                expect(canCreateType(type, ctx)).toBe(mayCreate);
                const expected = !children.includes(type) ? 'typeNotAllowedHere' : mayCreate ? 'allowed' : 'notAllowed';
                expect(checkCreateChild({ type: parent, variant }, type, ctx)).toBe(expected);
              }
            });
          }
        }
      }
    }
  }
});

describe('checkDeleteUnit: every type × role × root state × root/child × items', () => {
  for (const type of projectUnitTypes) {
    for (const isSalesPlanner of roles) {
      for (const rootStateKey of stateKeys) {
        it(`${type} planner=${isSalesPlanner} root=${rootStateKey}`, () => {
          const ctx = { isSalesPlanner, rootStateKey };
          expect(checkDeleteUnit({ type, isRoot: true, orderItemCount: 0 }, ctx)).toBe('notAllowed');
          const permitted =
            isSalesPlanner || (type !== 'project' && (type === 'folder' || rootStateKey === 'Structuring'));
          expect(checkDeleteUnit({ type, isRoot: false, orderItemCount: 0 }, ctx)).toBe(
            permitted ? 'allowed' : 'notAllowed',
          );
          const orderLot = type === 'aacorderlot' || type === 'lintelorderlot';
          const withItems = !permitted ? 'notAllowed' : orderLot ? 'deleteItemsFirst' : 'allowed';
          expect(checkDeleteUnit({ type, isRoot: false, orderItemCount: 3 }, ctx)).toBe(withItems);
        });
      }
    }
  }
});

describe('approval-lot volumes', () => {
  const siblings = [
    { type: 'aac', volume: 200 },
    { type: 'aac', volume: 100.5 },
    { type: 'lintel', volume: 10 },
  ];

  it('available volume is 350 minus the siblings of the same material, capped by what the subproject has left', () => {
    expect(availableVolume('aac', [{ type: 'aac', volume: 300.5 }])).toBe(49.5);
    expect(availableVolume('lintel', [{ type: 'lintel', volume: 10 }])).toBe(340);
    expect(availableVolume('cs', [])).toBe(350);
    // 310.5 m³ are used in the subproject: every material has 39.5 m³ left.
    expect(availableVolume('aac', siblings)).toBe(39.5);
    expect(availableVolume('lintel', siblings)).toBe(39.5);
    expect(availableVolume('aac', [{ type: 'aac', volume: 400 }])).toBe(0);
  });

  it('accepts volumes from 0 up to the available volume', () => {
    const ok = checkMaterials(
      [
        { type: 'aac', volume: 49.5, deliveryDate: '2030-01-10' },
        { type: 'cs', volume: 0, deliveryDate: '2030-01-10' },
      ],
      [{ type: 'aac', volume: 300.5 }],
      '2030-01-01',
    );
    expect(ok).toEqual({ problems: [], limitReached: false });
  });

  it('reports the maximum when a volume exceeds the available or 350', () => {
    const res = checkMaterials([{ type: 'aac', volume: 49.6, deliveryDate: '2030-01-10' }], siblings, null);
    expect(res.problems).toEqual([{ index: 0, field: 'volume', problem: 'maxValueReached', limit: 39.5 }]);
    const alone = checkMaterials([{ type: 'aac', volume: 350.01, deliveryDate: '2030-01-10' }], [], null);
    expect(alone.problems[0]).toMatchObject({ problem: 'maxValueReached', limit: 350 });
    expect(alone.limitReached).toBe(true);
    expect(checkMaterials([{ type: 'aac', volume: 350, deliveryDate: '2030-01-10' }], [], null).problems).toEqual([]);
  });

  it('refuses negative volumes, missing dates, early dates and duplicate types', () => {
    const res = checkMaterials(
      [
        { type: 'aac', volume: -1, deliveryDate: null },
        { type: 'aac', volume: 1, deliveryDate: '2029-12-31' },
        { type: '', volume: 1, deliveryDate: '2030-01-01' },
        { type: 'steel', volume: 1, deliveryDate: '31.02.2030' },
      ],
      [],
      '2030-01-01',
    );
    expect(res.problems).toEqual([
      { index: 0, field: 'volume', problem: 'min', limit: 0 },
      { index: 0, field: 'deliveryDate', problem: 'required' },
      { index: 1, field: 'type', problem: 'duplicate' },
      { index: 1, field: 'deliveryDate', problem: 'tooEarly', limit: '2030-01-01' },
      { index: 2, field: 'type', problem: 'required' },
      { index: 3, field: 'deliveryDate', problem: 'invalidDate' },
    ]);
  });

  it('flags a subproject total above 350 m³ across materials, with the real maximum of the material', () => {
    const res = checkMaterials(
      [{ type: 'cs', volume: 200, deliveryDate: '2030-01-10' }],
      [{ type: 'aac', volume: 151 }],
      null,
    );
    expect(res.problems).toEqual([{ index: 0, field: 'volume', problem: 'maxValueReached', limit: 199 }]);
    expect(res.limitReached).toBe(true);
  });

  it('offers per material only what the subproject has left in total', () => {
    expect(availableVolume('cs', [{ type: 'aac', volume: 151 }])).toBe(199);
    expect(availableVolume('cs', [{ type: 'aac', volume: 151 }], [{ volume: 100 }])).toBe(99);
    expect(availableVolume('aac', [{ type: 'aac', volume: 300 }], [{ volume: 100 }])).toBe(0);
    expect(remainingSubprojectVolume([{ volume: 151 }], [{ volume: 100 }])).toBe(99);
    const twoRows = checkMaterials(
      [
        { type: 'aac', volume: 99, deliveryDate: '2030-01-10' },
        { type: 'cs', volume: 100, deliveryDate: '2030-01-10' },
      ],
      [{ type: 'aac', volume: 151 }],
      null,
    );
    expect(twoRows).toEqual({ problems: [], limitReached: false });
  });

  it('refuses material types outside the tenant list', () => {
    const res = checkMaterials([{ type: 'wood', volume: 1, deliveryDate: '2030-01-10' }], [], null, ['aac', 'cs']);
    expect(res.problems).toEqual([{ index: 0, field: 'type', problem: 'unknownType' }]);
  });
});

describe('dates and states', () => {
  it('earliest delivery date is today plus the preliminary days, across month and year ends', () => {
    expect(earliestDeliveryDate('2026-11-21', 10)).toBe('2026-12-01');
    expect(earliestDeliveryDate('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('a lintel order lot date may be today but not earlier, and is required', () => {
    expect(isLintelDeliveryDateValid('2026-11-21', '2026-11-21')).toBe(true);
    expect(isLintelDeliveryDateValid('2026-11-20', '2026-11-21')).toBe(false);
    expect(isLintelDeliveryDateValid(null, '2026-11-21')).toBe(false);
  });

  it('new units start in the root state while the project is set up, then by type', () => {
    expect(initialStateKey('approvallot', 'Structuring')).toBe('Structuring');
    expect(initialStateKey('approvallot', 'ProvideFiles')).toBe('ProvideFiles');
    expect(initialStateKey('aacorderlot', 'ProvideFiles')).toBe('PlaceOrder');
    expect(initialStateKey('drawingjob', 'Finalized')).toBe('CheckDataMissing');
    expect(initialStateKey('drawingjob', 'Structuring')).toBe('CheckDataMissing');
    expect(initialStateKey('subproject', 'ProvideFiles')).toBe('ProvideFiles');
  });
});
