import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Kysely as KyselyType,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './database';
import { GENERIC_PLAN_MARK, preparedQuery, preparedQueryByShape } from './prepared';

// Compiling needs no connection.
const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k: KyselyType<unknown>) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
}) as unknown as Database;

describe('prepared queries', () => {
  it('builds once and runs with each call’s values, constants kept, the text marked for a generic plan', () => {
    let builds = 0;
    const lookup = preparedQuery((d, userId: number, login: string) => {
      builds++;
      return d
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('login', '=', login)
        .where('language', '=', 'de')
        .where('tenant_id', '=', userId);
    });
    const first = lookup(db, 7, 'a@b.test');
    const second = lookup(db, 8, 'c@d.test');
    expect(builds).toBe(1);
    expect(first.parameters).toEqual([7, 'a@b.test', 'de', 7]);
    expect(second.parameters).toEqual([8, 'c@d.test', 'de', 8]);
    expect(second.sql.endsWith(GENERIC_PLAN_MARK)).toBe(true);
  });

  it('refuses a statement that does not use an argument', () => {
    const lookup = preparedQuery((d, userId: number, _unused: number) =>
      d.selectFrom('users').select('user_id').where('user_id', '=', userId),
    );
    expect(() => lookup(db, 1, 2)).toThrow(/argument 2/);
  });

  it('keeps one statement per shape, at most its capacity', () => {
    let builds = 0;
    const page = preparedQueryByShape((d, shape, top: number) => {
      builds++;
      return d
        .selectFrom('users')
        .select('user_id')
        .orderBy(shape === 'login' ? 'login' : 'user_id')
        .limit(top);
    }, 1);
    expect(page(db, 'login', 5).parameters).toEqual([5]);
    expect(page(db, 'login', 6).sql).toContain('order by "login"');
    expect(builds).toBe(1);
    // Beyond the capacity a shape is built on every call, with the same result.
    expect(page(db, 'id', 7).parameters).toEqual([7]);
    page(db, 'id', 8);
    expect(builds).toBe(3);
  });
});
