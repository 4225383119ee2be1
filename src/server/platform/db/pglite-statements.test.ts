import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatements } from './pglite-statements';
import { GENERIC_PLAN_MARK, PLAN_CACHE_MODE } from './prepared';

describe('PGlite prepared statements', () => {
  let db: PGlite;
  let statements: PreparedStatements;
  const preparedCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    db = await PGlite.create('memory://');
    statements = new PreparedStatements(db, 3);
    await db.exec(`create table items (id serial primary key, name text, tags text[], data jsonb, at timestamptz)`);
  });
  afterAll(() => db.close());

  it('returns the same rows and types as PGlite.query, on the first and on later runs', async () => {
    await statements.run('insert into items (name, tags, data, at) values ($1, $2, $3, $4)', [
      'a',
      ['x', 'y'],
      { k: 1 },
      new Date('2026-01-02T03:04:05Z'),
    ]);
    await statements.run('insert into items (name) values ($1)', [null]);
    const text = 'select id, name, tags, data, at from items where id >= $1 order by id';
    const expected = (await db.query(text, [1])).rows;
    expect((await statements.run(text, [1])).rows).toEqual(expected);
    expect((await statements.run(text, [1])).rows).toEqual(expected);
    expect(expected[0]).toMatchObject({ name: 'a', tags: ['x', 'y'], data: { k: 1 } });
    expect((await statements.run(text, [2])).rows).toEqual([expect.objectContaining({ id: 2, name: null })]);
  });

  it('counts changed rows', async () => {
    const result = await statements.run('update items set name = $1 where id > $2', ['b', 0]);
    expect(result).toEqual({ rows: [], affectedRows: 2 });
  });

  it('keeps the database error and its code, with the statement', async () => {
    const failing = statements.run('insert into items (id, name) values ($1, $2)', [1, 'duplicate']);
    await expect(failing).rejects.toMatchObject({ code: '23505', query: expect.stringContaining('insert into items') });
    // The connection is usable afterwards.
    expect((await statements.run('select count(*)::int as n from items where id > $1', [0])).rows).toEqual([{ n: 2 }]);
  });

  it('drops prepared statements after a schema change, so a changed table is read anew', async () => {
    const text = 'select * from items where id = $1';
    expect(Object.keys((await statements.run(text, [1])).rows[0]!)).not.toContain('extra');
    await statements.run('alter table items add column extra int', []);
    expect(await preparedCount()).toBe(0);
    expect(Object.keys((await statements.run(text, [1])).rows[0]!)).toContain('extra');
  });

  it('keeps at most its capacity of statements', async () => {
    for (let i = 0; i < 10; i++) await statements.run(`select $1::int + ${i} as n`, [i]);
    expect(await preparedCount()).toBeLessThanOrEqual(3);
    expect((await statements.run('select $1::int + 9 as n', [1])).rows).toEqual([{ n: 10 }]);
  });
});

describe('PGlite plan modes', () => {
  let db: PGlite;
  let statements: PreparedStatements;
  const mode = async () =>
    (await db.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode;

  beforeAll(async () => {
    db = await PGlite.create('memory://');
    statements = new PreparedStatements(db);
    await db.exec(`create table items (id serial primary key, name text)`);
  });
  afterAll(() => db.close());

  it('runs marked lookups with a generic plan, everything else and every transaction with custom plans', async () => {
    await statements.run(`select name from items where id = $1\n${GENERIC_PLAN_MARK}`, [1]);
    expect(await mode()).toBe('force_generic_plan');
    await statements.run('select name from items where id > $1', [1]);
    expect(await mode()).toBe(PLAN_CACHE_MODE);
    await statements.run(`select name from items where id = $1\n${GENERIC_PLAN_MARK}`, [1]);
    await statements.run('begin', []);
    expect(await mode()).toBe(PLAN_CACHE_MODE);
    // Inside the transaction a marked statement leaves the mode alone.
    expect(
      (await statements.run(`select count(*)::int as n from items where id = $1\n${GENERIC_PLAN_MARK}`, [1])).rows,
    ).toEqual([{ n: 0 }]);
    expect(await mode()).toBe(PLAN_CACHE_MODE);
    await statements.run('commit', []);
  });
});
