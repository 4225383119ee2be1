import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/rules/project-units';
import { createDatabase, type Database } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { seedDemoIfEmpty } from './demo';

/** The demo data on its own embedded database (the shared test database already holds tenants). */
describe('demo data', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createDatabase({ dataDir: 'memory://', poolSize: 1 });
    await migrateToLatest(db);
    expect(await seedDemoIfEmpty(db)).toBe(true);
  }, 120_000);
  afterAll(() => db.destroy());

  it('stores each running approval lot with the earliest delivery date of its plant and product type; no delivery before it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const lots = await db
      .selectFrom('project_units as u')
      .innerJoin('product_plant_preliminary_days as p', (j) =>
        j.onRef('p.plant_id', '=', 'u.plant_id').onRef('p.product_type_id', '=', 'u.product_type_id'),
      )
      .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
      .select(['u.title', 'u.earliest_delivery_date', 'p.preliminary_days'])
      .where('u.project_unit_type', '=', 'approvallot')
      .where('r.state_key', 'not in', ['Closed', 'Archived'])
      .execute();
    expect(lots.length).toBeGreaterThan(3);
    for (const lot of lots) expect(lot.earliest_delivery_date, lot.title).toBe(addDays(today, lot.preliminary_days));
    const early = await db
      .selectFrom('materials as m')
      .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('m.delivery_date', '<', 'u.earliest_delivery_date')
      .executeTakeFirstOrThrow();
    expect(early.n).toBe(0);
  });
});
