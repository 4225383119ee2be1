import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './project-units';
import { daysBetween, hasLaterDates, shiftDeliveryDates, type DatedEntry } from './delivery-dates';

const base = '2027-03-01';
/** An ISO day within about two years of the base day. */
const day = fc.integer({ min: -200, max: 600 }).map((n) => addDays(base, n));
const entries = fc
  .array(fc.option(day, { nil: null }), { minLength: 1, maxLength: 12 })
  .map((dates): DatedEntry[] => dates.map((date, i) => ({ key: `m${i}`, date })));
/** A project's dates, the index of the changed one, the new date and the minimum. */
const scenario = entries.chain((list) =>
  fc.record({
    list: fc.constant(list),
    index: fc.integer({ min: 0, max: list.length - 1 }),
    newDate: day,
    minimum: day,
  }),
);

const keyAt = (list: DatedEntry[], index: number) => `m${Math.min(index, list.length - 1)}`;

describe('shiftDeliveryDates (property tests)', () => {
  it('cancel changes nothing', () => {
    fc.assert(
      fc.property(scenario, ({ list, index, newDate, minimum }) => {
        const result = shiftDeliveryDates(list, keyAt(list, index), newDate, 'cancel', minimum);
        expect(result.entries).toEqual(list);
        expect(result.moved).toEqual([]);
        expect(result.clamped).toEqual([]);
      }),
    );
  });

  it('no changes only the changed date', () => {
    fc.assert(
      fc.property(scenario, ({ list, index, newDate, minimum }) => {
        const key = keyAt(list, index);
        const result = shiftDeliveryDates(list, key, newDate, 'no', minimum);
        result.entries.forEach((e, i) => expect(e.date).toBe(e.key === key ? newDate : list[i]?.date));
        expect(result.moved).toEqual([]);
      }),
    );
  });

  it('yes moves exactly the later dates by the same number of days, never below the minimum; no shift moves none', () => {
    fc.assert(
      fc.property(scenario, ({ list, index, newDate, minimum }) => {
        const key = keyAt(list, index);
        const from = list.find((e) => e.key === key)?.date ?? null;
        const result = shiftDeliveryDates(list, key, newDate, 'yes', minimum);
        result.entries.forEach((e, i) => {
          const before = list[i]?.date ?? null;
          if (e.key === key) return expect(e.date).toBe(newDate);
          const later = from !== null && before !== null && before > from;
          // A shift by no days moves nothing: the other dates stay as they were, even below the minimum.
          if (!later || from === null || from === newDate) {
            expect(result.moved.includes(e.key)).toBe(false);
            return expect(e.date).toBe(before);
          }
          const wanted = addDays(before, daysBetween(from, newDate));
          expect(e.date).toBe(wanted >= minimum ? wanted : minimum);
          expect(e.date !== null && e.date >= minimum).toBe(true);
          expect(result.clamped.includes(e.key)).toBe(wanted < minimum);
        });
      }),
    );
  });

  it('yes keeps the order of the changed date and the dates that move', () => {
    fc.assert(
      fc.property(scenario, ({ list, index, newDate, minimum }) => {
        const key = keyAt(list, index);
        const result = shiftDeliveryDates(list, key, newDate, 'yes', minimum);
        const group = new Set([key, ...result.moved]);
        const pairs = list.flatMap((a, i) => list.map((b, j) => [a, b, i, j] as const));
        for (const [a, b, i, j] of pairs) {
          if (!group.has(a.key) || !group.has(b.key) || a.key === key || b.key === key) continue;
          if (a.date !== null && b.date !== null && a.date < b.date) {
            expect(String(result.entries[i]?.date) <= String(result.entries[j]?.date)).toBe(true);
          }
        }
        // The dates that moved stay after the changed date (the minimum only raises them further).
        const changed = result.entries.find((e) => e.key === key)?.date ?? '';
        for (const moved of result.entries.filter((e) => result.moved.includes(e.key))) {
          expect(String(moved.date) > changed).toBe(true);
        }
      }),
    );
  });

  it('when moving later, yes keeps the order of all dates', () => {
    fc.assert(
      fc.property(scenario, ({ list, index, newDate, minimum }) => {
        const key = keyAt(list, index);
        const from = list.find((e) => e.key === key)?.date;
        fc.pre(from !== undefined && from !== null && newDate >= from);
        const result = shiftDeliveryDates(list, key, newDate, 'yes', minimum < String(from) ? minimum : String(from));
        list.forEach((a, i) =>
          list.forEach((b, j) => {
            if (a.date !== null && b.date !== null && a.date < b.date)
              expect(String(result.entries[i]?.date) <= String(result.entries[j]?.date)).toBe(true);
          }),
        );
      }),
    );
  });
});

describe('shiftDeliveryDates (examples)', () => {
  const project: DatedEntry[] = [
    { key: 'a', date: '2027-05-03' },
    { key: 'b', date: '2027-05-10' },
    { key: 'c', date: '2027-05-20' },
    { key: 'd', date: null },
  ];

  it('moves the later dates by calendar days across a month end', () => {
    const result = shiftDeliveryDates(project, 'b', '2027-05-24', 'yes', '2027-05-01');
    expect(result.entries.map((e) => e.date)).toEqual(['2027-05-03', '2027-05-24', '2027-06-03', null]);
    expect(result.moved).toEqual(['c']);
    expect(result.clamped).toEqual([]);
  });

  it('reports a date raised to the minimum', () => {
    const result = shiftDeliveryDates(project, 'a', '2027-04-20', 'yes', '2027-05-01');
    expect(result.entries.map((e) => e.date)).toEqual(['2027-04-20', '2027-05-01', '2027-05-07', null]);
    expect(result.clamped).toEqual(['b']);
  });

  it('respects the own minimum of an entry', () => {
    const own = project.map((e) => (e.key === 'c' ? { ...e, minimum: '2027-05-15' } : e));
    const result = shiftDeliveryDates(own, 'a', '2027-04-20', 'yes', '2027-05-01');
    expect(result.entries.map((e) => e.date)).toEqual(['2027-04-20', '2027-05-01', '2027-05-15', null]);
    expect(result.clamped).toEqual(['b', 'c']);
  });

  it('asks only when later dates exist', () => {
    expect(hasLaterDates(project, 'a')).toBe(true);
    expect(hasLaterDates(project, 'c')).toBe(false);
    expect(hasLaterDates(project, 'd')).toBe(false);
  });
});
