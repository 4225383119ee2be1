import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld } from '../../test/factories';

describe('PGlite dialect', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('hides an open transaction from concurrent queries', async () => {
    const tenant = await db
      .insertInto('tenants')
      .values({ tenant_key: 'iso', name: 'Isolation', features: '{}' })
      .returning('tenant_id')
      .executeTakeFirstOrThrow();
    let seenDuring: string | undefined;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const trx = db.transaction().execute(async (t) => {
      await t.updateTable('tenants').set({ name: 'uncommitted' }).where('tenant_id', '=', tenant.tenant_id).execute();
      await gate;
      throw new Error('roll back');
    });
    const reader = db
      .selectFrom('tenants')
      .select('name')
      .where('tenant_id', '=', tenant.tenant_id)
      .executeTakeFirstOrThrow()
      .then((r) => {
        seenDuring = r.name;
      });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(trx).rejects.toThrow('roll back');
    await reader;
    expect(seenDuring).toBe('Isolation');
  });

  it('serialises many concurrent transactions without losing updates', async () => {
    const t = await db
      .insertInto('tenants')
      .values({ tenant_key: 'counter', name: '0', features: '{}' })
      .returning('tenant_id')
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('tenants')
            .select('name')
            .where('tenant_id', '=', t.tenant_id)
            .executeTakeFirstOrThrow();
          await new Promise((r) => setTimeout(r, 1));
          await trx
            .updateTable('tenants')
            .set({ name: String(Number(row.name) + 1) })
            .where('tenant_id', '=', t.tenant_id)
            .execute();
        }),
      ),
    );
    const row = await db
      .selectFrom('tenants')
      .select('name')
      .where('tenant_id', '=', t.tenant_id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('40');
  });

  it('returns count(*)::int as a number and dates as strings', async () => {
    const row = await sql<{
      n: number;
      d: string;
    }>`select count(*)::int as n, date '2026-03-01' as d from tenants`.execute(db);
    expect(typeof row.rows[0]?.n).toBe('number');
    expect(row.rows[0]?.d).toBe('2026-03-01');
  });
});

describe('concurrent requests', () => {
  it('answers 30 parallel requests of two users correctly', async () => {
    const app = await createTestApp();
    const { internal, external } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal, external });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(i % 2 === 0 ? 'internal' : 'external', 'GET', '/api/account/me')),
    );
    results.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().userID).toBe(i % 2 === 0 ? internal.user_id : external.user_id);
    });
    await app.close();
  });
});
