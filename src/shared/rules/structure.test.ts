import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../schemas/structure';
import { checkMaterials, MAX_VOLUME, totalVolume } from './project-units';
import {
  checkStructure,
  mergeStructures,
  moveItem,
  structureFromIfc,
  structureTotals,
  subprojectsOverLimit,
  toDeliveryStructure,
  fromDeliveryStructure,
} from './structure';

const types = ['aac', 'lintel', 'cs'];
const earliest = '2026-12-04';
const day = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 11, 4 + d)).toISOString().slice(0, 10));
const volume = fc.integer({ min: 1, max: 20000 }).map((v) => v / 100);
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}$/);

const material = fc.record({ type: fc.constantFrom(...types), volume, deliveryDate: day });
const lot = fc.record({
  id: fc.uuid(),
  name,
  materials: fc.uniqueArray(material, { maxLength: 3, selector: (m) => m.type }),
});
const subproject = fc.record({ id: fc.uuid(), name, approvalLots: fc.array(lot, { minLength: 1, maxLength: 5 }) });
const structure: fc.Arbitrary<Structure> = fc.record({ subProjects: fc.array(subproject, { maxLength: 6 }) });

const kinds = (s: Structure, existing: string[] = []) =>
  checkStructure(s, earliest, types, existing).map((p) => p.kind);

describe('structure totals', () => {
  it('the project total is the sum of the subproject totals, which sum their materials', () => {
    fc.assert(
      fc.property(structure, (s) => {
        const totals = structureTotals(s);
        const all = s.subProjects.flatMap((sp) => sp.approvalLots.flatMap((l) => l.materials));
        expect(totals.total).toBeCloseTo(totalVolume(all), 1);
        s.subProjects.forEach((sp, i) =>
          expect(totals.subprojects[i]).toBe(totalVolume(sp.approvalLots.flatMap((l) => l.materials))),
        );
      }),
    );
  });
});

describe('the 350 m³ limit per subproject', () => {
  it('is reported exactly for the subprojects whose total exceeds 350 m³', () => {
    fc.assert(
      fc.property(structure, (s) => {
        const over = s.subProjects.flatMap((sp, i) =>
          totalVolume(sp.approvalLots.flatMap((l) => l.materials)) > MAX_VOLUME ? [i] : [],
        );
        expect(subprojectsOverLimit(s)).toEqual(over);
        const reported = checkStructure(s, earliest, types).flatMap((p) =>
          p.kind === 'limitReached' ? [p.subIndex] : [],
        );
        expect(reported).toEqual(over);
      }),
    );
  });

  it('agrees with the delivery data dialog’s rule (checkMaterials) for the same subproject', () => {
    fc.assert(
      fc.property(subproject, (sp) => {
        const [first, ...rest] = sp.approvalLots;
        const siblings = rest.flatMap((l) => l.materials);
        const dialog = checkMaterials(first?.materials ?? [], siblings, earliest, types).limitReached;
        const editor = subprojectsOverLimit({ subProjects: [sp] }).length > 0;
        expect(editor).toBe(dialog);
      }),
    );
  });

  it('a structure of valid materials within the limit and unique names has no problem', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (subs, lots) => {
        const s: Structure = {
          subProjects: Array.from({ length: subs }, (_, i) => ({
            id: `s${i}`,
            name: `Haus ${i}`,
            approvalLots: Array.from({ length: lots }, (_, j) => ({
              id: `l${j}`,
              name: `Geschoss ${j}`,
              materials: [{ type: 'aac', volume: MAX_VOLUME / lots, deliveryDate: earliest }],
            })),
          })),
        };
        expect(kinds(s)).toEqual([]);
      }),
    );
  });
});

describe('uniqueness of names', () => {
  it('reports a repeated subproject name (case and blanks ignored), once per repetition', () => {
    fc.assert(
      fc.property(structure, name, (s, n) => {
        fc.pre(s.subProjects.length > 0);
        const first = s.subProjects[0];
        if (!first) return;
        const copy = { ...first, id: 'copy', name: `  ${first.name.toUpperCase()} ` };
        const withCopy = { subProjects: [...s.subProjects, copy] };
        const dup = checkStructure(withCopy, earliest, types).filter((p) => p.kind === 'duplicateSubproject');
        expect(dup.some((p) => p.kind === 'duplicateSubproject' && p.subIndex === s.subProjects.length)).toBe(true);
        expect(kinds({ subProjects: [{ ...first, name: n }] }, [n.toLowerCase()])).toContain('duplicateSubproject');
      }),
    );
  });

  it('approval-lot names need to be unique within their subproject only', () => {
    const lotOf = (n: string) => ({ id: n, name: n, materials: [{ type: 'aac', volume: 1, deliveryDate: earliest }] });
    const s: Structure = {
      subProjects: [
        { id: 'a', name: 'Haus A', approvalLots: [lotOf('EG'), lotOf('OG')] },
        { id: 'b', name: 'Haus B', approvalLots: [lotOf('EG'), lotOf('eg ')] },
      ],
    };
    expect(checkStructure(s, earliest, types)).toEqual([
      { kind: 'duplicateApprovalLot', subIndex: 1, lotIndex: 1, name: 'eg' },
    ]);
  });
});

describe('materials need a volume above 0 and a delivery date not before the minimum', () => {
  it('refuses volume 0, a missing or early date, an unknown or repeated type', () => {
    const with_ = (m: { type: string; volume: number; deliveryDate: string | null }[]) => ({
      subProjects: [{ id: 's', name: 'Haus', approvalLots: [{ id: 'l', name: 'EG', materials: m }] }],
    });
    const fieldOf = (s: Structure) =>
      checkStructure(s, earliest, types).flatMap((p) => (p.kind === 'invalidMaterial' ? [p.field] : []));
    expect(fieldOf(with_([{ type: 'aac', volume: 0, deliveryDate: earliest }]))).toEqual(['volume']);
    expect(fieldOf(with_([{ type: 'aac', volume: 1, deliveryDate: null }]))).toEqual(['deliveryDate']);
    expect(fieldOf(with_([{ type: 'aac', volume: 1, deliveryDate: '2026-12-03' }]))).toEqual(['deliveryDate']);
    // Text typed into the date field that is no day yet ('8.1.' sorts after every ISO day).
    expect(fieldOf(with_([{ type: 'aac', volume: 1, deliveryDate: '8.1.' }]))).toEqual(['deliveryDate']);
    expect(fieldOf(with_([{ type: 'aac', volume: 1, deliveryDate: '2030-02-30' }]))).toEqual(['deliveryDate']);
    expect(fieldOf(with_([{ type: 'steel', volume: 1, deliveryDate: earliest }]))).toEqual(['type']);
    const twice = { type: 'aac', volume: 1, deliveryDate: earliest };
    expect(fieldOf(with_([twice, twice]))).toEqual(['type']);
  });

  it('an empty structure and a subproject without approval lots are refused', () => {
    expect(kinds({ subProjects: [] })).toEqual(['empty']);
    expect(kinds({ subProjects: [{ id: 's', name: 'Haus', approvalLots: [] }] })).toEqual([
      'subprojectWithoutApprovalLots',
    ]);
  });
});

describe('delivery structure, model drafts, merge and move', () => {
  it('the delivery structure round-trips names and materials', () => {
    fc.assert(
      fc.property(structure, (s) => {
        expect(toDeliveryStructure(fromDeliveryStructure(toDeliveryStructure(s)))).toEqual(toDeliveryStructure(s));
      }),
    );
  });

  it('a model draft has volume 0 (or the model’s wall volume marked from model) and the minimum date', () => {
    let n = 0;
    const s = structureFromIfc(
      {
        subProjects: [
          {
            title: 'FZK-Haus',
            approvalLots: [
              { title: 'Erdgeschoss', wallVolume: 30.456 },
              { title: 'Dachgeschoss', wallVolume: null },
            ],
          },
        ],
      },
      earliest,
      'aac',
      () => `id${n++}`,
    );
    const [eg, dg] = s.subProjects[0]?.approvalLots ?? [];
    expect(eg?.materials).toEqual([{ type: 'aac', volume: 30.46, deliveryDate: earliest, fromModel: true }]);
    expect(dg?.materials).toEqual([{ type: 'aac', volume: 0, deliveryDate: earliest }]);
  });

  it('merging keeps every current lot and adds only missing names', () => {
    fc.assert(
      fc.property(structure, structure, (a, b) => {
        const merged = mergeStructures(a, b);
        const lots = (s: Structure) => s.subProjects.flatMap((sp) => sp.approvalLots.map((l) => l.id));
        for (const id of lots(a)) expect(lots(merged)).toContain(id);
        expect(merged.subProjects.length).toBeGreaterThanOrEqual(a.subProjects.length);
        expect(mergeStructures(a, { subProjects: [] })).toEqual(a);
      }),
    );
  });

  it('moving keeps the same elements', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer()),
        fc.integer({ min: -2, max: 12 }),
        fc.integer({ min: -2, max: 12 }),
        (xs, f, t) => {
          expect([...moveItem(xs, f, t)].sort()).toEqual([...xs].sort());
        },
      ),
    );
  });
});
