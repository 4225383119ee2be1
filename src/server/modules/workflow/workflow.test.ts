import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createUser, createWorld } from '../../test/factories';
import { insertTestFile } from '../files/test-upload';
import { openTasksForNewUnit, openTasksForUnit } from './engine';
import { loadDefinition } from './service';
import type { StateKey } from '../../../shared/schemas/project-unit';

/** A root in `state` with the usual team; tasks of the current state are opened. */
async function setup(
  db: Database,
  state: StateKey = 'Structuring',
  features: Record<string, unknown> = { HasJournal: true },
) {
  const world = await createWorld(db, features);
  const t = world.tenant.tenant_id;
  const processor = await createUser(db, t);
  const reviewer = await createUser(db, t);
  const customer = await createUser(db, t);
  const coordinator = await createUser(db, t, { is_internal: true });
  const root = await createProject(db, t, { state_key: state });
  const rootId = root.project_unit_id;
  await addMember(db, rootId, processor.user_id, ['process planner']);
  await addMember(db, rootId, reviewer.user_id, ['reviewer']);
  await addMember(db, rootId, customer.user_id, ['customer', 'purchaser']);
  await addMember(db, rootId, coordinator.user_id, ['projectCoordinator']);
  await addMember(db, rootId, world.external.user_id, ['member']);
  const sub = await createChildUnit(db, root, { state_key: state, title: 'Haus A' });
  const lot = await createChildUnit(db, sub, { project_unit_type: 'approvallot', state_key: state, title: 'EG' });
  await db
    .insertInto('materials')
    .values({ project_unit_id: lot.project_unit_id, type: 'aac', volume: 80, delivery_date: '2027-03-01' })
    .execute();
  const order = await createChildUnit(db, sub, {
    project_unit_type: 'aacorderlot',
    project_unit_type_variant: 'aac_elements',
    state_key: state,
    title: 'Bestellung',
  });
  const definition = await loadDefinition(db, t);
  await openTasksForUnit(db, definition, { ...root, root_project_unit_id: rootId }, state, new Date());
  return { ...world, processor, reviewer, customer, coordinator, root, rootId, sub, lot, order };
}

describe('workflow state changes', () => {
  let app: FastifyInstance;
  let db: Database;
  const clock = createManualClock(new Date('2026-11-23T08:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
    db = await getTestDatabase();
  });
  afterAll(() => app.close());

  const stateOf = async (unitId: number) =>
    (
      await db
        .selectFrom('project_units')
        .select('state_key')
        .where('project_unit_id', '=', unitId)
        .executeTakeFirstOrThrow()
    ).state_key;
  /** A state change as the client sends it: with the state it saw (the current one unless given). */
  const put = async <K extends string>(call: Call<K>, who: K, unitId: number, body: Record<string, unknown> = {}) =>
    call(who, 'PUT', `/api/data/portal/projectunitstates/${unitId}`, {
      projectUnitID: unitId,
      stateKey: await stateOf(unitId),
      ...body,
    });
  const tasksOf = async <K extends string>(call: Call<K>, who: K) =>
    (await call(who, 'GET', '/api/tasks')).json() as {
      stateKey: string;
      projectUnitID: number;
      taskKey: string;
    }[];

  it('lets the task holder finish structuring: state, tasks, journal and children move in one step', async () => {
    const w = await setup(db);
    const { call } = await signInActors(app, { processor: w.processor, coordinator: w.coordinator });
    expect((await tasksOf(call, 'processor')).map((t) => t.stateKey)).toEqual(['Structuring']);
    const res = await put(call, 'processor', w.rootId, { stateKey: 'Structuring' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      projectUnitID: w.rootId,
      oldState: 'Structuring',
      stateKey: 'Preparing',
      delayed: false,
    });
    expect(await tasksOf(call, 'processor')).toEqual([]);
    expect((await tasksOf(call, 'coordinator')).map((t) => [t.stateKey, t.projectUnitID])).toEqual([
      ['Preparing', w.rootId],
    ]);
    const units = await db
      .selectFrom('project_units')
      .select(['project_unit_id', 'state_key'])
      .where('root_project_unit_id', '=', w.rootId)
      .orderBy('project_unit_id')
      .execute();
    expect(units.map((u) => u.state_key)).toEqual(['Preparing', 'Preparing', 'Preparing', 'Preparing']);
    const journal = await db
      .selectFrom('project_unit_journal')
      .selectAll()
      .where('project_unit_id', '=', w.rootId)
      .execute();
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({
      user_id: w.processor.user_id,
      user_email: w.processor.email,
      delayed: false,
      content_json: { oldState: 'Structuring', newState: 'Preparing' },
    });
  });

  it('refuses a member without the task (403), another tenant (404) and a wrong unit id in the body (400)', async () => {
    const w = await setup(db);
    const other = await setup(db);
    const { call } = await signInActors(app, {
      reviewer: w.reviewer,
      processor: w.processor,
      otherInternal: other.internal,
      otherProcessor: other.processor,
    });
    expect((await put(call, 'reviewer', w.rootId)).statusCode).toBe(403);
    expect((await put(call, 'otherInternal', w.rootId)).statusCode).toBe(404);
    expect((await put(call, 'otherProcessor', w.rootId)).statusCode).toBe(404);
    const mismatch = await call('processor', 'PUT', `/api/data/portal/projectunitstates/${w.rootId}`, {
      projectUnitID: w.lot.project_unit_id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await put(call, 'processor', w.rootId, { stateKey: 'Preparing' })).statusCode).toBe(409);
  });

  it('checks guards: structure needed, product-type assignment needed for ready-for-contract', async () => {
    const world = await createWorld(db);
    const empty = await createProject(db, world.tenant.tenant_id);
    const w = await setup(db, 'PendingValidation');
    const { call } = await signInActors(app, { internal: world.internal, coordinator: w.coordinator });
    const res = await put(call, 'internal', empty.project_unit_id);
    expect(res.statusCode).toBe(422);
    expect(res.json().messages[0].message).toBe('WORKFLOW.Guard.structureValid');

    const count = () =>
      call('coordinator', 'GET', `/api/data/portal/projectunitproducttypeassignments?projectUnitID=${w.rootId}`);
    expect((await count()).json()).toEqual({ count: 0 });
    expect((await put(call, 'coordinator', w.rootId)).json().messages[0].message).toBe(
      'WORKFLOW.Guard.productTypeAssignmentsExist',
    );
    const pt = await db
      .insertInto('product_types')
      .values({ tenant_id: w.tenant.tenant_id, title: 'PE' })
      .returning('product_type_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_unit_product_type_assignments')
      .values({ project_unit_id: w.rootId, product_type_id: pt.product_type_id })
      .execute();
    expect((await count()).json()).toEqual({ count: 1 });
    expect((await put(call, 'coordinator', w.rootId)).json()).toMatchObject({ stateKey: 'PendingContract' });
  });

  it('moves approval lots to ProvideFiles and order lots to PlaceOrder with tasks when the root leaves PendingContract', async () => {
    const w = await setup(db, 'PendingContract');
    const { call } = await signInActors(app, {
      coordinator: w.coordinator,
      customer: w.customer,
      reviewer: w.reviewer,
    });
    const res = await put(call, 'coordinator', w.rootId);
    expect(res.json()).toMatchObject({ stateKey: 'ProvideFiles' });
    const state = async (id: number) =>
      (
        await db
          .selectFrom('project_units')
          .select('state_key')
          .where('project_unit_id', '=', id)
          .executeTakeFirstOrThrow()
      ).state_key;
    expect(await state(w.lot.project_unit_id)).toBe('ProvideFiles');
    expect(await state(w.order.project_unit_id)).toBe('PlaceOrder');
    expect(await state(w.sub.project_unit_id)).toBe('ProvideFiles');
    const customerTasks = await tasksOf(call, 'customer');
    expect(customerTasks.map((t) => [t.taskKey, t.projectUnitID])).toEqual([['PlaceOrder', w.order.project_unit_id]]);
    const reviewerTasks = await tasksOf(call, 'reviewer');
    expect(reviewerTasks.map((t) => [t.stateKey, t.projectUnitID])).toEqual([['ProvideFiles', w.lot.project_unit_id]]);
    // PlaceOrder cannot be left while the orders module reports no complete items.
    const place = await put(call, 'customer', w.order.project_unit_id);
    expect(place.statusCode).toBe(422);
    expect(place.json().messages[0].message).toBe('WORKFLOW.Guard.orderItemsComplete');
    // Drawings can be requested once the lot has a file.
    const early = await put(call, 'reviewer', w.lot.project_unit_id);
    expect(early.json().messages[0].message).toBe('WORKFLOW.Guard.unitHasFiles');
    await insertTestFile(db, w.lot);
    // The reviewer's request-drawings opens the drafter's task (falls back to internal members).
    const req = await put(call, 'reviewer', w.lot.project_unit_id);
    expect(req.json()).toMatchObject({ stateKey: 'ReviewDrawings' });
  });

  it('sends isBim for BIM projects and journals a late change as delayed with the rule', async () => {
    const w = await setup(db, 'PendingContract');
    await db
      .updateTable('project_units')
      .set({ is_bim: true, state_since: new Date('2026-11-02T08:00:00Z') })
      .where('project_unit_id', '=', w.rootId)
      .execute();
    const { call } = await signInActors(app, { coordinator: w.coordinator });
    expect((await put(call, 'coordinator', w.rootId)).json().messages[0].message).toBe('WORKFLOW.Guard.notBimProject');
    const res = await put(call, 'coordinator', w.rootId, { requirements: 'isBim' });
    expect(res.json()).toMatchObject({ stateKey: 'ReviewBIMFiles', delayed: true });
    const entry = await db
      .selectFrom('project_unit_journal')
      .selectAll()
      .where('project_unit_id', '=', w.rootId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ delayed: true, rule: { remindAfterWorkingDays: 3, escalateAfterWorkingDays: 7 } });
  });

  it("takes the spec's body without stateKey; a stateKey sent is checked: a stale one answers 409", async () => {
    const w = await setup(db);
    const { call } = await signInActors(app, { processor: w.processor });
    const before = await stateOf(w.rootId);
    const specBody = await call('processor', 'PUT', `/api/data/portal/projectunitstates/${w.rootId}`, {
      projectUnitID: w.rootId,
      requirements: null,
    });
    expect(specBody.statusCode).toBe(200);
    expect(specBody.json()).toMatchObject({ projectUnitID: w.rootId, oldState: before });
    expect(await stateOf(w.rootId)).not.toBe(before);
    const empty = await put(call, 'processor', w.rootId, { stateKey: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages[0]).toMatchObject({ reference: 'stateKey', message: 'VALIDATION.IsRequired' });
  });

  it('with the state the client saw, a repeated request answers 409 and never moves a unit two steps', async () => {
    const w = await setup(db);
    const { call } = await signInActors(app, { processor: w.processor });
    const seen = await stateOf(w.rootId);
    expect((await put(call, 'processor', w.rootId, { stateKey: seen })).statusCode).toBe(200);
    const moved = await stateOf(w.rootId);
    expect(moved).not.toBe(seen);
    expect((await put(call, 'processor', w.rootId, { stateKey: seen })).statusCode).toBe(409);
    expect(await stateOf(w.rootId)).toBe(moved);
  });

  it('lets exactly one of two simultaneous presses win; the other gets 409', async () => {
    const w = await setup(db, 'Preparing');
    const { call } = await signInActors(app, { coordinator: w.coordinator, internal: w.internal });
    const results = await Promise.all([
      put(call, 'coordinator', w.rootId, { stateKey: 'Preparing' }),
      put(call, 'internal', w.rootId, { stateKey: 'Preparing' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('StateChanged');
    const journal = await db
      .selectFrom('project_unit_journal')
      .select('project_units_journal_id')
      .where('project_unit_id', '=', w.rootId)
      .execute();
    expect(journal).toHaveLength(1);
    const open = await db
      .selectFrom('tasks')
      .select(['state_key'])
      .where('project_unit_id', '=', w.rootId)
      .where('closed_at', 'is', null)
      .execute();
    expect(new Set(open.map((o) => o.state_key))).toEqual(new Set(['PendingValidation']));
  });

  it('stores the check-data message as CheckDataTaskMessage and moves the drawing job', async () => {
    const w = await setup(db, 'ProvideFiles');
    const job = await createChildUnit(db, w.root, {
      project_unit_type: 'drawingjob',
      state_key: 'CheckDataMissing',
      title: 'Zeichnung 1',
    });
    const drafter = await createUser(db, w.tenant.tenant_id, { is_internal: true });
    await addMember(db, w.rootId, drafter.user_id, ['drafter']);
    await openTasksForUnit(
      db,
      await loadDefinition(db, w.tenant.tenant_id),
      { ...job, root_project_unit_id: w.rootId },
      'CheckDataMissing',
      new Date(),
    );
    const { call } = await signInActors(app, { drafter });
    expect((await tasksOf(call, 'drafter')).map((t) => t.stateKey)).toEqual(['CheckDataMissing']);
    const res = await call('drafter', 'POST', '/api/data/portal/projectunitstates/ccl-check-data', {
      unitID: job.project_unit_id,
      rootUnitID: w.rootId,
      message: 'Fensterstürze fehlen',
    });
    expect(res.json()).toMatchObject({ stateKey: 'CCLNotReadyForDrawing' });
    const params = await call(
      'drafter',
      'GET',
      `/api/data/portal/projectunitparams?projectUnitID=${job.project_unit_id}&paramKey=CheckDataTaskMessage`,
    );
    expect(params.json().data).toMatchObject([
      { paramKey: 'CheckDataTaskMessage', paramValue: 'Fensterstürze fehlen' },
    ]);
    const wrongRoot = await call('drafter', 'POST', '/api/data/portal/projectunitstates/ccl-check-data', {
      unitID: job.project_unit_id,
      rootUnitID: w.lot.project_unit_id,
    });
    expect(wrongRoot.statusCode).toBe(404);
  });

  it('lists the actions of the state with guards evaluated for the panel', async () => {
    const w = await setup(db, 'PendingContract');
    const other = await setup(db);
    const v = await setup(db, 'PendingValidation');
    const { call } = await signInActors(app, {
      coordinator: w.coordinator,
      reviewer: w.reviewer,
      otherProcessor: other.processor,
      validationCoordinator: v.coordinator,
    });
    const get = (who: 'coordinator' | 'reviewer' | 'otherProcessor', id = w.rootId) =>
      call(who, 'GET', `/api/data/portal/projectunitstates/${id}/actions`);
    const coordinator = await get('coordinator');
    expect(coordinator.json()).toEqual({
      projectUnitID: w.rootId,
      stateKey: 'PendingContract',
      mayAct: true,
      holdsTask: true,
      actions: [
        { action: 'start-planning-process', requirement: null, nextState: 'ProvideFiles', enabled: true, hint: null },
      ],
    });
    expect((await get('reviewer')).json()).toMatchObject({ mayAct: false, holdsTask: false });
    expect((await get('otherProcessor')).statusCode).toBe(404);
    const validation = await call(
      'validationCoordinator',
      'GET',
      `/api/data/portal/projectunitstates/${v.rootId}/actions`,
    );
    expect(validation.json().actions).toEqual([
      {
        action: 'ready-for-contract',
        requirement: null,
        nextState: 'PendingContract',
        enabled: false,
        hint: 'WORKFLOW.Guard.productTypeAssignmentsExist',
      },
    ]);
  });

  it('opens the entry-state tasks of a unit created later (for the modules that create units)', async () => {
    const w = await setup(db, 'ProvideFiles');
    const lot = await createChildUnit(db, w.sub, {
      project_unit_type: 'lintelorderlot',
      project_unit_type_variant: 'lintel',
      state_key: 'PlaceOrder',
      title: 'Stürze',
    });
    expect(await openTasksForNewUnit(db, lot.project_unit_id, new Date())).toBe(2);
    const { call } = await signInActors(app, { customer: w.customer });
    const tasks = await tasksOf(call, 'customer');
    expect(tasks.filter((t) => t.projectUnitID === lot.project_unit_id).map((t) => t.taskKey)).toEqual(['PlaceOrder']);
  });
});
