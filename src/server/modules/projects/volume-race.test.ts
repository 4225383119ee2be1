import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { createChildUnit } from '../../test/factories';
import { base, createProjectWorld, type ProjectWorld } from './test-world';

/**
 * Two users saving the materials of sibling approval lots at the same moment: on PostgreSQL the
 * requests run on two pool connections at once; the subproject lock lets only one pass 350 m³.
 */
const TRIES = 5;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`the 350 m³ rule under parallel saves (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  const subprojectTotal = async (w: ProjectWorld) => {
    const row = await w.db
      .selectFrom('materials as m')
      .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
      .select((eb) => eb.fn.sum<number>('m.volume').as('total'))
      .where('u.parent_project_unit_id', '=', w.sub.project_unit_id)
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  };

  it('lets only one of two parallel sibling-lot saves of 200 m³ through, every try', async () => {
    const w = await createProjectWorld(app);
    const sibling = await createChildUnit(w.db, w.sub, {
      project_unit_type: 'approvallot',
      title: 'OG',
      state_key: w.root.state_key,
      plant_id: w.plant.plant_id,
      product_type_id: w.productType.product_type_id,
    });
    const results: string[] = [];
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      await w.db
        .deleteFrom('materials')
        .where('project_unit_id', 'in', [w.lot.project_unit_id, sibling.project_unit_id])
        .execute();
      const body = [{ type: 'aac', volume: 200, deliveryDate: '2026-12-10' }];
      const [a, b] = await Promise.all([
        w.call('planner', 'POST', `/api/materials/${w.lot.project_unit_id}`, body),
        w.call('member', 'POST', `/api/materials/${sibling.project_unit_id}`, body),
      ]);
      const total = await subprojectTotal(w);
      results.push(`${a.statusCode}/${b.statusCode} → ${total} m³`);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      expect(total).toBe(200);
    }
    console.info(`sibling-lot saves (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${results.join('; ')}`);
  });

  it('lets only one of a material save and a new approval lot with materials through, every try', async () => {
    const w = await createProjectWorld(app);
    const results: string[] = [];
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      await w.db
        .deleteFrom('project_units')
        .where('parent_project_unit_id', '=', w.sub.project_unit_id)
        .where('project_unit_id', '<>', w.lot.project_unit_id)
        .execute();
      await w.db.deleteFrom('materials').where('project_unit_id', '=', w.lot.project_unit_id).execute();
      const materials = [{ type: 'aac', volume: 300, deliveryDate: '2026-12-10' }];
      const [saved, created] = await Promise.all([
        w.call('member', 'POST', `/api/materials/${w.lot.project_unit_id}`, materials),
        w.call('planner', 'POST', `${base}/projects`, {
          parentProjectUnitID: w.sub.project_unit_id,
          projectUnitType: 'approvallot',
          title: `Neu ${attempt}`,
          materials,
        }),
      ]);
      const total = await subprojectTotal(w);
      results.push(`${saved.statusCode}/${created.statusCode} → ${total} m³`);
      expect([saved.statusCode, created.statusCode].sort()).toEqual([200, 400]);
      expect(total).toBe(300);
    }
    console.info(`save vs. create (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${results.join('; ')}`);
  });
});
