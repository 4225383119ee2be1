import fc from 'fast-check';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { and, contains, eq, inList } from '../../shared/odata-filter';
import { escapeLike, parseFilter, type ListResource } from './list-query';

// The client's filter builder (src/shared/odata-filter.ts) through the server's parser: whatever
// the user types comes out as exactly the bind parameters it stands for, never as SQL text.
const resource: ListResource = {
  fields: {
    name: { column: 'u.title', type: 'text' },
    no: { column: 'u.project_unit_no', type: 'text' },
    type: { column: 'u.project_unit_type', type: 'text' },
  },
  defaultOrder: [{ field: 'no', direction: 'asc' }],
  tieBreaker: 'u.project_unit_id',
  defaultTop: 20,
  maxTop: 100,
};

const compiler = new Kysely<{ project_units: { project_unit_id: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function compile(filter: string | undefined) {
  const where = parseFilter(resource, filter);
  const base = compiler.selectFrom('project_units as u').select('u.project_unit_id');
  return (where ? base.where(where) : base).compile();
}

// Hostile text: quotes, LIKE wildcards, backslashes, percent-encodings, OData keywords, Unicode.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.stringMatching(/^['%_\\()", ]{0,12}$/),
  fc.constantFrom("' or 1 eq 1 or '", '%25', '%27', "O'Brien", 'a\\%b', ') and (', 'ä ö ü ß €'),
);

describe('OData filter builder ↔ server parser', () => {
  it('contains(): one ILIKE parameter equal to the escaped text', () => {
    fc.assert(
      fc.property(text, (s) => {
        const { sql, parameters } = compile(contains('name', s));
        expect(sql).toBe(
          `select "u"."project_unit_id" from "project_units" as "u" where "u"."title" ilike $1 escape '\\'`,
        );
        expect(parameters).toEqual([`%${escapeLike(s)}%`]);
      }),
      { numRuns: 1000 },
    );
  });

  it('eq and in: the values come back unchanged as parameters', () => {
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 5 }), (s, list) => {
        expect(compile(eq('no', s)).parameters).toEqual([s]);
        expect(compile(inList('type', list)).parameters).toEqual(list);
      }),
      { numRuns: 500 },
    );
  });

  it('and(): the parts in order, empty parts left out', () => {
    fc.assert(
      fc.property(text, text, fc.array(text, { minLength: 1, maxLength: 3 }), fc.boolean(), (a, b, list, withB) => {
        const filter = and(contains('name', a), withB && contains('no', b), '', inList('type', list));
        const { parameters } = compile(filter);
        expect(parameters).toEqual([`%${escapeLike(a)}%`, ...(withB ? [`%${escapeLike(b)}%`] : []), ...list]);
      }),
      { numRuns: 500 },
    );
    expect(and(undefined, false, '')).toBeUndefined();
    expect(compile(and()).parameters).toEqual([]);
  });
});
