import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { base, createProjectWorld, type ProjectWorld } from '../modules/projects/test-world';
import { sessionUserOf } from '../test/actors';
import { createTestApp } from '../test/app';
import { addMember, createChildUnit, createUser } from '../test/factories';
import { requireAccess, type AccessRequest } from './access';

/**
 * The permission × actor matrix over `requireAccess`: for each permission and project state,
 * what each kind of user gets — allowed, 403 (`NotAllowed`) or 404 (`NotFound`, nothing leaks).
 */
type Outcome = 'ok' | 403 | 404 | 409;
const actorNames = ['planner', 'internal', 'admin', 'member', 'guest', 'outsider', 'foreign', 'foreignAdmin'] as const;
type Actor = (typeof actorNames)[number];
type Expect = Record<Actor, Outcome>;

/** Readers (planner, internal, admin, member, guest) get `readers`, non-readers 404. */
const readers = (o: Partial<Record<Actor, Outcome>> & { all?: Outcome }): Expect => ({
  planner: o.planner ?? o.all ?? 'ok',
  internal: o.internal ?? o.all ?? 'ok',
  admin: o.admin ?? o.all ?? 'ok',
  member: o.member ?? o.all ?? 'ok',
  guest: o.guest ?? o.all ?? 'ok',
  outsider: 404,
  foreign: 404,
  foreignAdmin: 404,
});

describe('requireAccess: permission × actor', () => {
  let app: FastifyInstance;
  let w: ProjectWorld;
  let users: Record<Actor, ReturnType<typeof sessionUserOf>>;
  let aacLot: number;
  let aacItem: number;
  let addressId: number;

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
    aacLot = lot.project_unit_id;
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
    const product = await w.db
      .insertInto('aac_products')
      .values({
        tenant_id: w.tenant.tenant_id,
        title: 'PP2',
        article_no: 'A1',
        thickness_mm: 200,
        width_mm: 600,
        min_length_mm: 500,
        max_length_mm: 6000,
        pallet_capacity: 2,
      })
      .returning('aac_product_id')
      .executeTakeFirstOrThrow();
    aacItem = (
      await w.db
        .insertInto('aac_order_items')
        .values({
          project_unit_id: aacLot,
          item_index: 1,
          aac_product_id: product.aac_product_id,
          item_length: 2,
          qty: 1,
        })
        .returning('aac_order_lot_item_id')
        .executeTakeFirstOrThrow()
    ).aac_order_lot_item_id;
    addressId = (
      await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: w.root.project_unit_id, city: 'Hannover' })
    ).json().addressID;
  });
  afterAll(() => app.close());

  async function outcome(who: Actor, request: AccessRequest): Promise<Outcome> {
    try {
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

  async function setState(rootState: string, features: Record<string, unknown> = {}) {
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

  it('in Structuring, with unit creation on', async () => {
    await setState('Structuring');
    const root = w.root.project_unit_id;
    const lot = w.lot.project_unit_id;
    await expectMatrix([
      ['project.read', { permission: 'project.read', id: lot }, readers({})],
      ['file.read', { permission: 'file.read', id: lot }, readers({})],
      ['unit.create', { permission: 'unit.create', id: w.sub.project_unit_id }, readers({})],
      ['unit.edit', { permission: 'unit.edit', id: lot }, readers({})],
      ['unit.delete lot', { permission: 'unit.delete', id: lot }, readers({})],
      ['unit.delete root', { permission: 'unit.delete', id: root }, readers({ all: 403 })],
      ['unit.delete order lot with items', { permission: 'unit.delete', id: aacLot }, readers({ all: 409 })],
      ['journal.read (feature off)', { permission: 'journal.read', id: root }, readers({ all: 403 })],
      ['journal.read below the root', { permission: 'journal.read', id: lot }, readers({ all: 404 })],
      ['file.write', { permission: 'file.write', id: lot }, readers({})],
      ['sheet.edit', { permission: 'sheet.edit', id: root }, readers({})],
      ['delivery.confirm', { permission: 'delivery.confirm', id: lot }, readers({ member: 403, guest: 403 })],
      ['delivery.edit (Structuring)', { permission: 'delivery.edit', id: root }, readers({ all: 403 })],
      ['delivery.manage', { permission: 'delivery.manage', id: root }, readers({ member: 403, guest: 403 })],
      ['orderLot.read', { permission: 'orderLot.read', id: aacLot, lotType: 'aacorderlot' }, readers({})],
      [
        'orderLot.read of another type',
        { permission: 'orderLot.read', id: aacLot, lotType: 'lintelorderlot' },
        readers({ all: 404 }),
      ],
      [
        'orderLot.write (PlaceOrder task of the member)',
        { permission: 'orderLot.write', id: aacLot, lotType: 'aacorderlot' },
        readers({ all: 403, member: 'ok' }),
      ],
      [
        'orderItem.write',
        { permission: 'orderItem.write', id: aacItem, lotType: 'aacorderlot' },
        readers({ all: 403, member: 'ok' }),
      ],
      [
        'orderItem.write of an unknown item',
        { permission: 'orderItem.write', id: aacItem + 100000, lotType: 'aacorderlot' },
        readers({ all: 404 }),
      ],
      ['siteRecord.read', { permission: 'siteRecord.read', id: addressId, record: 'address' }, readers({})],
      // The address belongs to the root: its edit rule (internal users and sales planners).
      [
        'siteRecord.write',
        { permission: 'siteRecord.write', id: addressId, record: 'address' },
        readers({ member: 403, guest: 403 }),
      ],
      [
        'siteRecord.read of an unknown contact',
        { permission: 'siteRecord.read', id: addressId + 100000, record: 'contact' },
        readers({ all: 404 }),
      ],
    ]);
  });

  it('admin: only admins, only their own tenant', async () => {
    await expectMatrix([
      [
        'admin',
        { permission: 'admin' },
        {
          planner: 403,
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 403,
          outsider: 403,
          foreign: 403,
          foreignAdmin: 'ok',
        },
      ],
      [
        'admin of a named tenant',
        { permission: 'admin', id: w.tenant.tenant_id },
        {
          planner: 403,
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 404,
          outsider: 403,
          foreign: 404,
          foreignAdmin: 404,
        },
      ],
    ]);
  });

  it('project.create and member.manage: internal creators and admins of their own tenant', async () => {
    await setState('Structuring');
    await w.db
      .updateTable('users')
      .set({ role_keys: ['salesPlanner'] })
      .where('user_id', '=', w.planner.user_id)
      .execute();
    // An external user holding the role in the tenant still may not create projects.
    await w.db
      .updateTable('users')
      .set({ role_keys: ['salesPlanner'] })
      .where('user_id', '=', w.external.user_id)
      .execute();
    await expectMatrix([
      [
        'project.create',
        { permission: 'project.create' },
        {
          planner: 'ok',
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 403,
          outsider: 403,
          foreign: 403,
          foreignAdmin: 'ok',
        },
      ],
      [
        'member.manage',
        { permission: 'member.manage', id: w.root.project_unit_id },
        readers({ member: 403, guest: 403 }),
      ],
      [
        'member.manage below the root',
        { permission: 'member.manage', id: w.lot.project_unit_id },
        readers({ all: 404 }),
      ],
    ]);
  });

  it('in Preparing, with the journal and the information sheet on', async () => {
    await setState('Preparing', { HasJournal: true, ProjectInfoSheet: true, HideUnitEditAction: false });
    const root = w.root.project_unit_id;
    const lot = w.lot.project_unit_id;
    await expectMatrix([
      // Approval lots are the sales planner's after Structuring; internal users may still edit them.
      ['unit.edit', { permission: 'unit.edit', id: lot }, readers({ member: 403, guest: 403 })],
      ['unit.delete', { permission: 'unit.delete', id: lot }, readers({ all: 403, planner: 'ok' })],
      ['journal.read', { permission: 'journal.read', id: root }, readers({ member: 403, guest: 403 })],
      // The questionnaire: internal users, and users of the supplier tenant while Preparing.
      ['sheet.edit', { permission: 'sheet.edit', id: root }, readers({ guest: 403 })],
      // Delivery data: every reader once the root has left Structuring.
      ['delivery.edit', { permission: 'delivery.edit', id: root }, readers({})],
    ]);
  });

  it('the structure editor: CreateStructure on, the root in Structuring, the Structuring task holder or an internal user', async () => {
    const root = w.root.project_unit_id;
    const request: AccessRequest = { permission: 'structure.edit', id: root };
    await w.db
      .insertInto('tasks')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: root,
        project_unit_id: root,
        user_id: w.external.user_id,
        task_key: 'Structuring',
        state_key: 'Structuring',
      })
      .execute();
    await setState('Structuring', { CreateStructure: true });
    await expectMatrix([
      ['structure.edit', request, readers({ guest: 403 })],
      [
        'structure.edit below the root',
        { permission: 'structure.edit', id: w.lot.project_unit_id },
        readers({ all: 404 }),
      ],
    ]);
    await setState('Structuring');
    await expectMatrix([['structure.edit (feature off)', request, readers({ all: 403 })]]);
    await setState('Preparing', { CreateStructure: true });
    await expectMatrix([['structure.edit (Preparing)', request, readers({ all: 403 })]]);
    await w.db.deleteFrom('tasks').where('task_key', '=', 'Structuring').execute();
  });

  it('unit.productTypes: internal users of the tenant; search.advanced: users of a tenant with AdvancedSearch', async () => {
    await setState('Preparing', { AdvancedSearch: true });
    const onlyInternal = readers({ member: 403, guest: 403 });
    await expectMatrix([
      ['unit.productTypes', { permission: 'unit.productTypes', id: w.lot.project_unit_id }, onlyInternal],
      [
        'search.advanced (own tenant on, the other tenant off)',
        { permission: 'search.advanced' },
        {
          planner: 'ok',
          internal: 'ok',
          admin: 'ok',
          member: 'ok',
          guest: 404,
          outsider: 'ok',
          foreign: 404,
          foreignAdmin: 404,
        },
      ],
    ]);
    await setState('Closed');
    await expectMatrix([
      [
        'unit.productTypes (Closed)',
        { permission: 'unit.productTypes', id: w.lot.project_unit_id },
        readers({ all: 403 }),
      ],
      ['search.advanced (feature off)', { permission: 'search.advanced' }, { ...readers({ all: 404 }), outsider: 404 }],
    ]);
  });

  it('HideUnitEditAction takes unit editing away from everybody', async () => {
    await setState('Structuring', { HideUnitEditAction: true });
    await expectMatrix([['unit.edit', { permission: 'unit.edit', id: w.lot.project_unit_id }, readers({ all: 403 })]]);
  });

  it('unit creation switched off', async () => {
    await w.db
      .updateTable('tenants')
      .set({ features: JSON.stringify({}) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    await expectMatrix([
      ['unit.create', { permission: 'unit.create', id: w.sub.project_unit_id }, readers({ all: 403 })],
    ]);
  });

  it('a Closed or Archived project is read-only for everybody, sales planners and admins included', async () => {
    for (const state of ['Closed', 'Archived']) {
      await setState(state);
      const lot = w.lot.project_unit_id;
      await expectMatrix([
        [`project.read (${state})`, { permission: 'project.read', id: lot }, readers({})],
        [`unit.create (${state})`, { permission: 'unit.create', id: w.sub.project_unit_id }, readers({ all: 403 })],
        [`unit.edit (${state})`, { permission: 'unit.edit', id: lot }, readers({ all: 403 })],
        [`unit.delete (${state})`, { permission: 'unit.delete', id: lot }, readers({ all: 403 })],
        [`file.write (${state})`, { permission: 'file.write', id: lot }, readers({ all: 403 })],
        [`sheet.edit (${state})`, { permission: 'sheet.edit', id: w.root.project_unit_id }, readers({ all: 403 })],
        [
          `delivery.edit (${state})`,
          { permission: 'delivery.edit', id: w.root.project_unit_id },
          readers({ all: 403 }),
        ],
        [`delivery.manage (${state})`, { permission: 'delivery.manage', id: lot }, readers({ all: 403 })],
        [`delivery.confirm (${state})`, { permission: 'delivery.confirm', id: lot }, readers({ all: 403 })],
        [
          `siteRecord.write (${state})`,
          { permission: 'siteRecord.write', id: addressId, record: 'address' },
          readers({ all: 403 }),
        ],
        [
          `siteRecord.read (${state})`,
          { permission: 'siteRecord.read', id: addressId, record: 'address' },
          readers({}),
        ],
        [
          `orderItem.write (${state})`,
          { permission: 'orderItem.write', id: aacItem, lotType: 'aacorderlot' },
          readers({ all: 403 }),
        ],
      ]);
    }
  });

  it('files: Approved units only internal users', async () => {
    await setState('Released');
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Approved' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    await expectMatrix([
      [
        'file.write (Approved)',
        { permission: 'file.write', id: w.lot.project_unit_id },
        readers({ member: 403, guest: 403 }),
      ],
      ['file.write (sibling)', { permission: 'file.write', id: w.sub.project_unit_id }, readers({})],
    ]);
  });
});
