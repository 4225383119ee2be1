import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { createChildUnit } from '../../test/factories';
import { base, createProjectWorld, type ProjectWorld } from '../projects/test-world';

/** The delivery data dialog's API: the structure, the save with every rule re-checked, notifications, journal. */
describe('delivery data', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  /** A project past Structuring with two approval lots under one subproject (preliminary days 12: earliest 2026-12-03). */
  async function world() {
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const lot2 = await createChildUnit(w.db, w.sub, {
      project_unit_type: 'approvallot',
      title: 'OG',
      project_unit_no: `${w.sub.project_unit_no}-02`,
      state_key: 'ProvideFiles',
      plant_id: w.plant.plant_id,
      product_type_id: w.productType.product_type_id,
    });
    await w.db
      .insertInto('materials')
      .values([
        { project_unit_id: w.lot.project_unit_id, type: 'aac', volume: 100, delivery_date: '2026-12-10' },
        { project_unit_id: lot2.project_unit_id, type: 'aac', volume: 150, delivery_date: '2026-12-20' },
      ])
      .execute();
    return { ...w, lot2 };
  }

  const url = (w: ProjectWorld) => `${base}/delivery-data/${w.root.project_unit_id}`;
  const save = (
    w: ProjectWorld,
    who: 'member' | 'planner' | 'internal',
    lots: { id: number; volume: number; date: string }[],
  ) =>
    w.call(who, 'POST', url(w), {
      approvalLots: lots.map((l) => ({
        projectUnitID: l.id,
        materials: [{ type: 'aac', volume: l.volume, deliveryDate: l.date }],
      })),
    });

  it('answers the structure with the earliest delivery date', async () => {
    const w = await world();
    const res = await w.call('member', 'GET', url(w));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      today: '2026-11-21',
      earliestDeliveryDate: '2026-12-03',
      preliminaryDays: 12,
      canEdit: true,
      subProjects: [
        {
          subProjectID: w.sub.project_unit_id,
          subProjectTitle: 'Haus A',
          approvalLots: [
            {
              projectUnitID: w.lot.project_unit_id,
              approvalLotTitle: 'EG',
              earliestDeliveryDate: '2026-12-03',
              materials: [{ type: 'aac', volume: 100, deliveryDate: '2026-12-10' }],
            },
            { projectUnitID: w.lot2.project_unit_id, approvalLotTitle: 'OG' },
          ],
        },
      ],
    });
  });

  it('saves, writes one notification per changed material and a journal line on the project', async () => {
    const w = await world();
    const res = await save(w, 'member', [
      { id: w.lot.project_unit_id, volume: 120, date: '2026-12-17' },
      { id: w.lot2.project_unit_id, volume: 150, date: '2026-12-27' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().subProjects[0].approvalLots.map((l: { materials: unknown[] }) => l.materials)).toEqual([
      [{ type: 'aac', volume: 120, deliveryDate: '2026-12-17' }],
      [{ type: 'aac', volume: 150, deliveryDate: '2026-12-27' }],
    ]);
    const unit = await w.db
      .selectFrom('project_units')
      .select(['delivery_date', 'earliest_delivery_date'])
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .executeTakeFirstOrThrow();
    expect(unit).toEqual({ delivery_date: '2026-12-17', earliest_delivery_date: '2026-12-03' });

    const list = (await w.call('member', 'GET', `${base}/workflownotifications?$top=20`)).json();
    expect(list.count).toBe(2);
    expect(
      list.data.map((n: { approvalLot: string; materialData: unknown }) => [n.approvalLot, n.materialData]),
    ).toEqual(
      expect.arrayContaining([
        ['EG', [{ type: 'aac', volume: 120, deliveryDate: '2026-12-17' }]],
        ['OG', [{ type: 'aac', volume: 150, deliveryDate: '2026-12-27' }]],
      ]),
    );
    const journal = await w.db
      .selectFrom('project_unit_journal')
      .select(['project_unit_id', 'content_json', 'user_email'])
      .where('root_project_unit_id', '=', w.root.project_unit_id)
      .execute();
    expect(journal).toHaveLength(1);
    expect(journal[0]?.project_unit_id).toBe(w.root.project_unit_id);
    expect(journal[0]?.content_json.additionalMessage).toContain('EG aac 120 m³ 2026-12-17');

    // The same data again changes nothing: no notification, no journal line.
    await save(w, 'member', [{ id: w.lot.project_unit_id, volume: 120, date: '2026-12-17' }]);
    expect((await w.call('member', 'GET', `${base}/workflownotifications?$top=20`)).json().count).toBe(2);
  });

  it('re-checks every rule: 350 m³ per subproject, the earliest date, unknown types', async () => {
    const w = await world();
    const over = await save(w, 'member', [{ id: w.lot.project_unit_id, volume: 201, date: '2026-12-10' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: 'PROJECT.Materials.LimitReached',
          reference: `subProjects.${w.sub.project_unit_id}`,
          params: { max: 350, total: 351 },
        }),
      ]),
    );
    const early = await save(w, 'member', [{ id: w.lot.project_unit_id, volume: 100, date: '2026-12-02' }]);
    expect(early.statusCode).toBe(400);
    expect(early.json().messages[0]).toMatchObject({
      message: 'VALIDATION.MinDate',
      reference: 'approvalLots[0].materials[0].deliveryDate',
      params: { date: '2026-12-03' },
    });
    // Moving volume between the lots of one save is judged on the result, not on the stored data.
    const moved = await save(w, 'member', [
      { id: w.lot.project_unit_id, volume: 200, date: '2026-12-10' },
      { id: w.lot2.project_unit_id, volume: 150, date: '2026-12-20' },
    ]);
    expect(moved.statusCode).toBe(200);
    // Nothing of a refused save is stored.
    const stored = await w.db
      .selectFrom('materials')
      .select('volume')
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .executeTakeFirstOrThrow();
    expect(stored.volume).toBe(200);
  });

  it('access: readers once the root left Structuring; 404 for strangers and for units of other projects', async () => {
    const w = await world();
    const body = [{ id: w.lot.project_unit_id, volume: 100, date: '2026-12-11' }];
    expect((await w.call('outsider', 'GET', url(w))).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', url(w))).statusCode).toBe(404);
    expect((await save(w as ProjectWorld, 'member', body)).statusCode).toBe(200);
    const foreignSave = await w.call('foreign', 'POST', url(w), {
      approvalLots: [{ projectUnitID: w.lot.project_unit_id, materials: [] }],
    });
    expect(foreignSave.statusCode).toBe(404);
    // A lot of another project through this project's URL.
    const other = await world();
    expect(
      (await save(w, 'internal', [{ id: other.lot.project_unit_id, volume: 1, date: '2026-12-11' }])).statusCode,
    ).toBe(404);
    // Below the root: the structure belongs to the project.
    expect((await w.call('member', 'GET', `${base}/delivery-data/${w.sub.project_unit_id}`)).statusCode).toBe(404);

    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Structuring' })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    const structuring = await save(w, 'member', body);
    expect(structuring.statusCode).toBe(403);
    expect(structuring.json().messages[0].message).toBe('DELIVERY.Data.NotWhileStructuring');
    expect((await w.call('member', 'GET', url(w))).json().canEdit).toBe(false);

    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Closed' })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    expect((await save(w, 'internal', body)).statusCode).toBe(403);
  });

  it('two planners saving at once cannot pass 350 m³ together: one wins, one gets the limit error', async () => {
    for (let round = 0; round < 4; round++) {
      const w = await world();
      // 100 + 150 stored; each planner adds 90 m³ to another lot: either alone fits (340), both would not (430).
      const [a, b] = await Promise.all([
        save(w, 'member', [{ id: w.lot.project_unit_id, volume: 190, date: '2026-12-10' }]),
        save(w, 'internal', [{ id: w.lot2.project_unit_id, volume: 240, date: '2026-12-20' }]),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const loser = a.statusCode === 400 ? a : b;
      expect(loser.json().messages.map((m: { message: string }) => m.message)).toContain(
        'PROJECT.Materials.LimitReached',
      );
      const total = await w.db
        .selectFrom('materials as m')
        .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
        .select((eb) => eb.fn.sum<number>('m.volume').as('total'))
        .where('u.parent_project_unit_id', '=', w.sub.project_unit_id)
        .executeTakeFirstOrThrow();
      expect(Number(total.total)).toBeLessThanOrEqual(350);
    }
  });
});
