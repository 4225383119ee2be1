import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createProject, createTenant } from '../test/factories';
import { getTestDatabase } from '../test/database';
import { escapeLike, fetchList, parseListQuery, type ListResource } from './list-query';
import { present } from '../../shared/present';

const resource: ListResource = {
  fields: {
    projectUnitID: { column: 'u.project_unit_id', type: 'number' },
    title: { column: 'u.title', type: 'text' },
    stateKey: { column: 'u.state_key', type: 'text' },
    stateSince: { column: 'u.state_since', type: 'date' },
    isBim: { column: 'u.is_bim', type: 'boolean' },
    notes: { column: 'u.notes', type: 'text', sortable: false },
  },
  defaultOrder: [{ field: 'stateSince', direction: 'desc' }],
  tieBreaker: 'u.project_unit_id',
  defaultTop: 20,
  maxTop: 100,
};

// Compiles without a database so the generated SQL and its parameters can be inspected.
const compiler = new Kysely<{ project_units: { project_unit_id: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function compile(query: Parameters<typeof parseListQuery>[1]) {
  const list = parseListQuery(resource, query);
  const base = compiler.selectFrom('project_units as u').select('u.project_unit_id');
  const q = list.where ? base.where(list.where) : base;
  return q.compile();
}

function refusal(fn: () => unknown): {
  message: string;
  reference: string | null | undefined;
  params?: Record<string, string | number>;
} {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe('ValidationFailed');
    const m = present(e.messages[0]);
    return { message: m.message, reference: m.reference, ...(m.params ? { params: m.params } : {}) };
  }
  throw new Error('expected a ValidationFailed refusal');
}

describe('list query: $filter', () => {
  it('turns comparisons, and/or/not, in and functions into parameterised SQL', () => {
    const { sql: text, parameters } = compile({
      $filter:
        "(title eq 'Lindenhof' or contains(title,'50%_x')) and not (stateKey in ('Closed','Archived')) and projectUnitID ge 3 and isBim eq false",
    });
    expect(text).toBe(
      'select "u"."project_unit_id" from "project_units" as "u" where (("u"."title" = $1 or "u"."title" ilike $2 escape \'\\\') and not ("u"."state_key" in ($3, $4)) and "u"."project_unit_id" >= $5 and "u"."is_bim" = $6)',
    );
    expect(parameters).toEqual(['Lindenhof', '%50\\%\\_x%', 'Closed', 'Archived', 3, false]);
  });

  it('supports every comparison operator, startswith, endswith, null and reversed operands', () => {
    const ops = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
    for (const [op, symbol] of Object.entries(ops)) {
      expect(compile({ $filter: `projectUnitID ${op} 7` }).sql).toContain(`"u"."project_unit_id" ${symbol} $1`);
    }
    expect(compile({ $filter: '7 lt projectUnitID' }).sql).toContain('"u"."project_unit_id" > $1');
    expect(compile({ $filter: "startswith(title,'Wohn')" }).parameters).toEqual(['Wohn%']);
    expect(compile({ $filter: "endswith(title,'hof')" }).parameters).toEqual(['%hof']);
    expect(compile({ $filter: 'notes eq null' }).sql).toContain('"u"."notes" is null');
    expect(compile({ $filter: 'notes ne null' }).sql).toContain('"u"."notes" is not null');
  });

  it('accepts dates as datetime/date literals and as ISO text', () => {
    const a = compile({ $filter: "stateSince ge datetime'2026-01-31T10:00:00Z'" });
    expect(a.parameters[0]).toEqual(new Date('2026-01-31T10:00:00Z'));
    const b = compile({ $filter: "stateSince lt '2026-02-01'" });
    expect(b.parameters[0]).toEqual(new Date('2026-02-01'));
  });

  it('refuses unknown fields, naming them', () => {
    // A message key the client translates; the field travels as a param.
    expect(refusal(() => compile({ $filter: "password_hash eq 'x'" }))).toEqual({
      message: 'VALIDATION.UnknownField',
      reference: '$filter',
      params: { field: 'password_hash' },
    });
    expect(refusal(() => compile({ $filter: "u.title eq 'x'" })).params).toEqual({ field: 'u.title' });
    expect(refusal(() => compile({ $filter: "title/length eq 'x'" })).params?.field).toContain('title');
    expect(refusal(() => compile({ $filter: 'constructor eq 1' })).params).toEqual({ field: 'constructor' });
    expect(refusal(() => compile({ $orderby: 'secret desc' }))).toEqual({
      message: 'VALIDATION.UnknownField',
      reference: '$orderby',
      params: { field: 'secret' },
    });
  });

  it('refuses values of the wrong type and unsupported constructs', () => {
    expect(refusal(() => compile({ $filter: "projectUnitID eq '1'" }))).toMatchObject({
      message: 'VALIDATION.InvalidType',
      params: { field: 'projectUnitID', type: 'number' },
    });
    expect(refusal(() => compile({ $filter: 'title eq 1' })).params).toEqual({ field: 'title', type: 'text' });
    expect(refusal(() => compile({ $filter: "stateSince gt 'yesterday'" })).params?.field).toBe('stateSince');
    expect(refusal(() => compile({ $filter: "tolower(title) eq 'x'" })).message).toBe('VALIDATION.InvalidQuery');
    expect(refusal(() => compile({ $filter: "substring(title,1) eq 'x'" })).reference).toBe('$filter');
    expect(refusal(() => compile({ $filter: 'title eq stateKey' }))).toMatchObject({
      message: 'VALIDATION.InvalidQuery',
      params: { option: '$filter', field: 'title' },
    });
    expect(refusal(() => compile({ $filter: 'projectUnitID add 1 eq 2' })).reference).toBe('$filter');
    expect(refusal(() => compile({ $filter: "contains(projectUnitID,'1')" })).params?.field).toBe('projectUnitID');
    expect(refusal(() => compile({ $top: 1000 }))).toEqual({
      message: 'VALIDATION.MaxValueReached',
      reference: '$top',
      params: { max: 100 },
    });
  });

  it('keeps injection attempts out of the SQL text', () => {
    const attempts = [
      "title eq 'x'' or 1=1 --'",
      "title eq 'x''); drop table users; --'",
      "contains(title,'%'' or ''1''=''1')",
      "stateKey in ('Closed', 'x'' or true or ''1''=''1')",
    ];
    for (const filter of attempts) {
      const { sql: text, parameters } = compile({ $filter: filter });
      expect(text).not.toMatch(/drop|1=1|or true|'1'/i);
      expect(parameters.length).toBeGreaterThan(0);
    }
    for (const filter of [
      "title eq 'x'); drop table users; --'",
      "title eq 'x' or 1 eq 1; drop table users",
      'title eq x; --',
      "title eq 'x' -- comment",
      '1 eq 1',
    ]) {
      expect(refusal(() => compile({ $filter: filter })).reference).toBe('$filter');
    }
    expect(refusal(() => compile({ $orderby: 'title; drop table users' })).reference).toBe('$orderby');
    expect(refusal(() => compile({ $orderby: 'title desc nulls first' })).reference).toBe('$orderby');
  });

  it('refuses filters that are too complex', () => {
    const filter = Array.from({ length: 120 }, (_, i) => `projectUnitID eq ${i}`).join(' or ');
    expect(refusal(() => compile({ $filter: filter }))).toMatchObject({
      message: 'VALIDATION.InvalidQuery',
      params: { option: '$filter' },
    });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});

describe('list query: $orderby, $top, $skip, $count', () => {
  it('uses the default order and a tie breaker, and OData default asc for bare terms', () => {
    expect(parseListQuery(resource, {}).orderBy).toEqual([
      { column: 'u.state_since', direction: 'desc' },
      { column: 'u.project_unit_id', direction: 'desc' },
    ]);
    expect(parseListQuery(resource, { $orderby: 'title, stateSince desc' }).orderBy).toEqual([
      { column: 'u.title', direction: 'asc' },
      { column: 'u.state_since', direction: 'desc' },
      { column: 'u.project_unit_id', direction: 'asc' },
    ]);
    expect(refusal(() => parseListQuery(resource, { $orderby: 'notes' }))).toMatchObject({
      message: 'VALIDATION.InvalidQuery',
      params: { field: 'notes' },
    });
    expect(parseListQuery(resource, { $top: 5, $skip: 10, $count: 'true' })).toMatchObject({
      top: 5,
      skip: 10,
      count: true,
    });
    expect(parseListQuery(resource, {})).toMatchObject({ top: 20, skip: 0, count: false, where: undefined });
  });
});

describe('list query on a real database', () => {
  // Opening and migrating the worker's database can take a while on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  });

  it('filters, orders, pages and counts; hostile text is only ever a value', async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db);
    const titles = ["O'Brien", '100% Beton', 'a_b', 'x); drop table users; --', 'Lindenhof'];
    for (const [i, title] of titles.entries()) {
      await createProject(db, tenant.tenant_id, { title, state_since: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const run = (query: Parameters<typeof parseListQuery>[1]) =>
      fetchList(
        db.selectFrom('project_units as u').select(['u.title']).where('u.tenant_id', '=', tenant.tenant_id),
        parseListQuery(resource, { $count: 'true', ...query }),
      );

    expect((await run({})).data.map((r) => r.title)).toEqual([...titles].reverse());
    expect(await run({ $filter: "title eq 'O''Brien'" })).toEqual({ data: [{ title: "O'Brien" }], count: 1 });
    expect((await run({ $filter: "contains(title,'%')" })).data).toEqual([{ title: '100% Beton' }]);
    expect((await run({ $filter: "contains(title,'_')" })).data).toEqual([{ title: 'a_b' }]);
    expect((await run({ $filter: "title eq 'x'' or 1=1 --'" })).count).toBe(0);
    expect((await run({ $filter: "startswith(title,'x); drop')" })).count).toBe(1);
    expect((await run({ $filter: "contains(title,'LINDEN')" })).count).toBe(1);
    expect(await run({ $orderby: 'projectUnitID', $top: 2, $skip: 1 })).toEqual({
      data: [{ title: '100% Beton' }, { title: 'a_b' }],
      count: 5,
    });
    expect((await run({ $filter: "stateSince ge datetime'2026-01-04T00:00:00Z'" })).count).toBe(2);
    // The hostile title is matched as plain text, and the table it names is still there.
    expect((await run({ $filter: "title eq 'x); drop table users; --'" })).data).toEqual([
      { title: 'x); drop table users; --' },
    ]);
    const tables = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'users'`.execute(db);
    expect(tables.rows[0]?.n).toBeGreaterThan(0);
  });
});
