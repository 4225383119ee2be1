import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { AppError } from '../../shared/errors';
import { base, createProjectWorld, type ProjectWorld } from '../modules/projects/test-world';
import { sessionUserOf } from './actors';
import { createTestApp } from './app';
import { addMember, createAacProduct, createChildUnit, createUser } from './factories';
import { requireAccess, type AccessRequest } from '../platform/access';
import type { StateKey } from '../../shared/schemas/project-unit';

/**
 * The permission × actor matrix over `requireAccess` (access.test.ts, access-roles.test.ts): for
 * each permission and project state, what each kind of user gets — allowed, 403 (`NotAllowed`),
 * 404 (`NotFound`, nothing leaks) or 409.
 */
export type Outcome = 'ok' | 403 | 404 | 409;
export const actorNames = [
  'planner',
  'internal',
  'admin',
  'member',
  'guest',
  'outsider',
  'foreign',
  'foreignAdmin',
] as const;
export type Actor = (typeof actorNames)[number];
export type Expect = Record<Actor, Outcome>;

/** Readers (planner, internal, admin, member, guest) get `readers`, non-readers 404. */
export const readers = (o: Partial<Record<Actor, Outcome>> & { all?: Outcome }): Expect => ({
  planner: o.planner ?? o.all ?? 'ok',
  internal: o.internal ?? o.all ?? 'ok',
  admin: o.admin ?? o.all ?? 'ok',
  member: o.member ?? o.all ?? 'ok',
  guest: o.guest ?? o.all ?? 'ok',
  outsider: 404,
  foreign: 404,
  foreignAdmin: 404,
});

/** The world of the matrix (a project, one user of each kind, an order lot with an item, an address), built once per file. */
export function useAccessMatrix() {
  const m = {} as {
    w: ProjectWorld;
    users: Record<Actor, ReturnType<typeof sessionUserOf>>;
    aacLot: number;
    aacItem: number;
    addressId: number;
    setState: (rootState: StateKey, features?: Record<string, unknown>) => Promise<void>;
    expectMatrix: (rows: [string, AccessRequest, Expect][]) => Promise<void>;
  };
  let app: FastifyInstance;
  let w: ProjectWorld;
  let users: Record<Actor, ReturnType<typeof sessionUserOf>>;

  beforeAll(async () => {
    app = await createTestApp();
    w = await createProjectWorld(app);
    // A member from another tenant (a customer's company working in the supplier's project).
    const guest = await createUser(w.db, w.other.tenant.tenant_id, { is_internal: false });
    await addMember(w.db, w.root.project_unit_id, guest.user_id, ['reviewer']);
    users = {
      planner: sessionUserOf(w.planner),
      internal: sessionUserOf(w.internal),
      admin: sessionUserOf(w.admin),
      member: sessionUserOf(w.external),
      guest: sessionUserOf(guest),
      outsider: sessionUserOf(w.outsider),
      foreign: sessionUserOf(w.other.internal),
      foreignAdmin: sessionUserOf(w.other.admin),
    };
    const lot = await createChildUnit(w.db, w.sub, {
      project_unit_type: 'aacorderlot',
      title: 'AAC',
      project_unit_no: `${w.sub.project_unit_no}-09`,
      state_key: 'PlaceOrder',
    });
    const aacLot = lot.project_unit_id;
    await w.db
      .insertInto('tasks')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: w.root.project_unit_id,
        project_unit_id: aacLot,
        user_id: w.external.user_id,
        task_key: 'PlaceOrder',
        state_key: 'PlaceOrder',
      })
      .execute();
    const productId = await createAacProduct(w.db, w.tenant.tenant_id);
    const aacItem = (
      await w.db
        .insertInto('aac_order_items')
        .values({
          project_unit_id: aacLot,
          item_index: 1,
          aac_product_id: productId,
          item_length: 2,
          qty: 1,
        })
        .returning('aac_order_lot_item_id')
        .executeTakeFirstOrThrow()
    ).aac_order_lot_item_id;
    const addressId = (
      await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: w.root.project_unit_id, city: 'Hannover' })
    ).json().addressID as number;
    Object.assign(m, { w, users, aacLot, aacItem, addressId, setState, expectMatrix });
  });
  afterAll(() => app.close());

  async function outcome(who: Actor, request: AccessRequest): Promise<Outcome> {
    try {
      // The same call, narrowed to each of requireAccess's two overloads.
      if (
        request.permission === 'admin' ||
        request.permission === 'project.create' ||
        request.permission === 'search.advanced'
      )
        await requireAccess(w.db, users[who], request);
      else await requireAccess(w.db, users[who], request);
      return 'ok';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'NotFound') return 404;
      if (err.code === 'NotAllowed') return 403;
      if (err.code === 'Conflict') return 409;
      throw err;
    }
  }

  async function setState(rootState: StateKey, features: Record<string, unknown> = {}) {
    await w.db
      .updateTable('project_units')
      .set({ state_key: rootState })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    await w.db
      .updateTable('tenants')
      .set({ features: JSON.stringify({ AllowCreateProjectUnits: true, ...features }) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
  }

  async function expectMatrix(rows: [string, AccessRequest, Expect][]) {
    for (const [name, request, expected] of rows) {
      const got: Partial<Expect> = {};
      for (const who of actorNames) got[who] = await outcome(who, request);
      expect(got, name).toEqual(expected);
    }
  }
  return m;
}
