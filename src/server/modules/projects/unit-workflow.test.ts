import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { addMember, createUser } from '../../test/factories';
import { base, createProjectWorld } from './test-world';

/** The seam between the project units and the workflow: tasks of new units, material-data notifications. */
describe('project units and the workflow', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  type Task = { projectUnitID: number; taskKey: string; stateKey: string };
  const tasksOf = async <K extends string>(call: Call<K>, who: K) =>
    (await call(who, 'GET', '/api/tasks')).json() as Task[];

  it('opens the PlaceOrder tasks of a new order lot under a project past PendingContract for the holders', async () => {
    const w = await createProjectWorld(app, { variant: 'aac_elements', state: 'ProvideFiles' });
    const customer = await createUser(w.db, w.tenant.tenant_id);
    const processPlanner = await createUser(w.db, w.tenant.tenant_id);
    await addMember(w.db, w.root.project_unit_id, customer.user_id, ['customer']);
    await addMember(w.db, w.root.project_unit_id, processPlanner.user_id, ['process planner']);
    const { call } = await signInActors(app, { customer, processPlanner });
    expect(await tasksOf(call, 'customer')).toEqual([]);

    const res = await w.call('planner', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.sub.project_unit_id,
      projectUnitType: 'aacorderlot',
      title: 'Lieferung 1',
    });
    expect(res.statusCode).toBe(200);
    const lotId = res.json().projectUnitID as number;
    const lot = (await w.call('planner', 'GET', `${base}/projects/${lotId}`)).json();
    expect(lot.stateKey).toBe('PlaceOrder');
    for (const who of ['customer', 'processPlanner'] as const) {
      expect((await tasksOf(call, who)).map((t) => [t.projectUnitID, t.taskKey, t.stateKey])).toEqual([
        [lotId, 'PlaceOrder', 'PlaceOrder'],
      ]);
    }
    // The reviewer and the sales planner do not hold PlaceOrder.
    expect((await tasksOf(w.call, 'member')).filter((t) => t.projectUnitID === lotId)).toEqual([]);
    expect((await tasksOf(w.call, 'planner')).filter((t) => t.projectUnitID === lotId)).toEqual([]);
    const open = await w.db
      .selectFrom('tasks')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('project_unit_id', '=', lotId)
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(2);
  });

  it('opens no tasks for units created while the project is still being structured', async () => {
    const w = await createProjectWorld(app, { variant: 'aac_elements' });
    const customer = await createUser(w.db, w.tenant.tenant_id);
    await addMember(w.db, w.root.project_unit_id, customer.user_id, ['customer']);
    const res = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.sub.project_unit_id,
      projectUnitType: 'aacorderlot',
      title: 'Lieferung 1',
    });
    expect(res.statusCode).toBe(200);
    const rows = await w.db
      .selectFrom('tasks')
      .select('task_id')
      .where('project_unit_id', '=', res.json().projectUnitID)
      .execute();
    expect(rows).toEqual([]);
  });

  it('records changed volumes and delivery dates on the notifications endpoint; an unchanged save adds nothing', async () => {
    const w = await createProjectWorld(app);
    const url = `/api/materials/${w.lot.project_unit_id}`;
    const notifications = async () => {
      const res = await w.call('member', 'GET', `${base}/workflownotifications?$top=20`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        count: number;
        data: {
          projectUnitID: number;
          approvalLot: string | null;
          subProject: string | null;
          username: string | null;
          materialData: unknown[];
        }[];
      };
    };
    expect((await notifications()).count).toBe(0);

    const first = [
      { type: 'aac', volume: 100, deliveryDate: '2026-12-10' },
      { type: 'lintel', volume: 5, deliveryDate: '2026-12-12' },
    ];
    expect((await w.call('member', 'POST', url, first)).statusCode).toBe(200);
    let list = await notifications();
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({
      projectUnitID: w.lot.project_unit_id,
      approvalLot: 'EG',
      subProject: 'Haus A',
      username: w.external.login,
      materialData: first,
    });

    expect((await w.call('member', 'POST', url, first)).statusCode).toBe(200);
    expect((await notifications()).count).toBe(1);

    clock.advance(60_000);
    const changed = [
      { type: 'aac', volume: 120.5, deliveryDate: '2026-12-10' },
      { type: 'lintel', volume: 5, deliveryDate: '2026-12-12' },
    ];
    expect((await w.call('member', 'POST', url, changed)).statusCode).toBe(200);
    list = await notifications();
    expect(list.count).toBe(2);
    expect(list.data[0]?.materialData).toEqual([{ type: 'aac', volume: 120.5, deliveryDate: '2026-12-10' }]);

    clock.advance(60_000);
    expect(
      (await w.call('member', 'POST', url, [{ type: 'aac', volume: 120.5, deliveryDate: '2026-12-14' }])).statusCode,
    ).toBe(200);
    list = await notifications();
    expect(list.count).toBe(3);
    expect(list.data[0]?.materialData).toEqual([
      { type: 'aac', volume: 120.5, deliveryDate: '2026-12-14' },
      { type: 'lintel', volume: 0, deliveryDate: null },
    ]);

    // Another tenant does not see them.
    const foreign = await w.call('foreign', 'GET', `${base}/workflownotifications`);
    expect(
      foreign.json().data.filter((n: { projectUnitID: number }) => n.projectUnitID === w.lot.project_unit_id),
    ).toEqual([]);
  });
});
