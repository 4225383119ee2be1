import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { nameStatements, StatementNames } from './statement-names';

describe('statement names', () => {
  it('names a query once it ran often enough, and keeps that name', () => {
    const names = new StatementNames(10, 3);
    const text = 'select 1 where $1::int > 0';
    expect(names.nameOf(text)).toBeUndefined();
    expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^planport_\d+$/);
    expect(names.nameOf(text)).toBe(name);
  });

  it('never names schema changes or transaction control', () => {
    const names = new StatementNames(10, 1);
    expect(names.nameOf('create table x (id int)')).toBeUndefined();
    expect(names.nameOf('begin')).toBeUndefined();
    expect(names.nameOf('update x set id = $1')).toBeDefined();
  });

  it('names at most its capacity of texts', () => {
    const names = new StatementNames(2, 1);
    expect(names.nameOf('select 1')).toBeDefined();
    expect(names.nameOf('select 2')).toBeDefined();
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBeDefined();
  });

  it('gives a forgotten text a new name, never an old one again', () => {
    const names = new StatementNames(10, 1);
    const first = names.nameOf('select * from x');
    names.forget('select * from x');
    const second = names.nameOf('select * from x');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  it('answers as unnamed ones do, and recovers from a schema change under a named statement', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      nameStatements(client as unknown as pg.PoolClient, new StatementNames(10, 1));
      await client.query('create temporary table named_probe (id int)');
      await client.query('insert into named_probe values ($1)', [7]);
      const text = 'select * from named_probe where id = $1';
      expect((await client.query(text, [7])).rows).toEqual([{ id: 7 }]);
      await client.query('alter table named_probe add column extra int');
      await expect(client.query(text, [7])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(text, [7])).rows).toEqual([{ id: 7, extra: null }]);
    } finally {
      await client.end();
    }
  });
});
