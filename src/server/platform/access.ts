import { sql, type SqlBool } from 'kysely';
import { AppError } from '../../shared/errors';
import { checkDeleteUnit, isOrderLot } from '../../shared/rules/project-units';
import { isFeatureOn, type Features } from '../../shared/rules/features';
import type { ProjectUnitType, StateKey } from '../../shared/schemas/project-unit';
import type { SessionUser } from './auth/session';
import type { Database } from './db/database';
import { preparedQuery } from './db/prepared';
import {
  isRoot,
  mayConfirmDelivery,
  mayEditDeliveryData,
  mayEditProductTypes,
  mayEditSheet,
  mayEditUnit,
  mayManageDeliveryLots,
  mayManageMembers,
  mayReadJournal,
  mayStructure,
  mayWriteFiles,
  refuseWhenClosed,
  ruleContext,
} from './access-rules';
import { countLotItems, holdsOpenTask, holdsPlaceOrderTask, orderItemLot, siteRecordUnit } from './access-repository';

/**
 * Who may do what (DESIGN.md §2), in one place. Read access to a project tree: members of the
 * root, internal users of the root's tenant, admins of that tenant. Anyone else gets 404, so no
 * id's existence leaks; a reader who may not do the thing asked gets 403 `NotAllowed`.
 *
 * Every service starts with `requireAccess(ctx.db, user, { permission, id })`. Lists do not load
 * one unit; they filter with `readableRootSql`, the same read rule in SQL. The rules themselves are
 * pure functions in access-rules.ts, shared with the client's abilities.
 */

export * from './access-rules';
export type ProjectAccess = {
  unit: {
    project_unit_id: number;
    root_project_unit_id: number;
    parent_project_unit_id: number | null;
    tenant_id: number;
    project_unit_type: ProjectUnitType;
    project_unit_type_variant: string | null;
    state_key: StateKey;
    title: string;
  };
  root: { project_unit_id: number; state_key: StateKey; tenant_id: number; project_unit_type_variant: string | null };
  /** Role keys of the user on the root project (empty when not a member). */
  roleKeys: string[];
  isMember: boolean;
  /** Internal user (or admin) of the project's tenant. */
  isInternal: boolean;
  /** The project tenant's feature flags, read with the access. */
  features: Features;
};

export type OrderLotType = 'aacorderlot' | 'lintelorderlot';
export type SiteRecordKind = 'address' | 'contact';

/** Permissions on a project unit (id = unit id unless noted). */
export type UnitPermission =
  | 'project.read'
  /** id = the parent: the tenant allows creating units and the information sheet does not block it. */
  | 'unit.create'
  | 'unit.edit'
  | 'unit.delete'
  /** id = the root project. */
  | 'journal.read'
  | 'file.read'
  | 'file.write'
  | 'sheet.edit'
  | 'delivery.confirm'
  /** The delivery data dialog (volumes and dates of the approval lots): every reader once the root has left Structuring. */
  | 'delivery.edit'
  /** Create, edit and delete delivery lots: internal users of the tenant. */
  | 'delivery.manage'
  /** id = the root project: add, change and remove members (internal users of the tenant). */
  | 'member.manage'
  /**
   * id = the root project: the structure editor's draft and create-project-structure. The
   * CreateStructure feature on, the root in Structuring, and a holder of its Structuring task or an internal user.
   */
  | 'structure.edit'
  /** Product-type assignments and plants of a unit: internal users of the tenant, not on a Closed project. */
  | 'unit.productTypes';

export type AccessRequest =
  | { permission: UnitPermission; id: number }
  /** id = the order lot; a unit of another type answers 404. */
  | { permission: 'orderLot.read' | 'orderLot.write'; id: number; lotType: OrderLotType }
  /** id = the order item; resolves its lot and the PlaceOrder task. */
  | { permission: 'orderItem.write'; id: number; lotType: OrderLotType }
  /** id = the address or contact; reachable only through the unit it belongs to. */
  | { permission: 'siteRecord.read' | 'siteRecord.write'; id: number; record: SiteRecordKind }
  /** The admin area of the user's own tenant; id (optional) = a tenant id that must be the user's. */
  | { permission: 'admin'; id?: number }
  /** A new root project in the user's own tenant. */
  | { permission: 'project.create' }
  /** The search page of the user's own tenant. */
  | { permission: 'search.advanced' };

export type AdminAccess = { tenantId: number; features: Features };

/** Roles (held in the tenant) that create root projects, besides admins (DESIGN.md §3). */
export const projectCreatorRoles = ['salesPlanner', 'projectCoordinator'];

/** Internal users and admins read every project of their tenant; others the projects they are members of. */
export const readsWholeTenant = (user: Pick<SessionUser, 'isInternal' | 'isAdmin'>): boolean =>
  user.isInternal || user.isAdmin;

/** Roots the user may read, as a SQL predicate over the root's id and tenant columns. */
export function readableRootSql(
  user: Pick<SessionUser, 'userId' | 'tenantId' | 'isInternal' | 'isAdmin'>,
  rootRef: string,
  tenantRef: string,
) {
  // `= any(array(subquery))` runs the member lookup once (an InitPlan) and then probes the
  // primary key; an EXISTS semi-join made the planner walk all roots for a count.
  const member = sql<SqlBool>`${sql.ref(rootRef)} = any(array(select m.root_project_unit_id from members m where m.user_id = ${user.userId}))`;
  if (readsWholeTenant(user)) return sql<SqlBool>`(${sql.ref(tenantRef)} = ${user.tenantId} or ${member})`;
  return member;
}

/**
 * The unit, its root, the root tenant's features and the user's membership: what the access
 * check reads. A statement that reads more about the unit may join it (see `accessOf`).
 */
export function accessQuery(db: Database, userId: number, unitId: number) {
  return db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .innerJoin('tenants as t', 't.tenant_id', 'r.tenant_id')
    .leftJoin('members as m', (j) =>
      j.onRef('m.root_project_unit_id', '=', 'r.project_unit_id').on('m.user_id', '=', userId),
    )
    .select([
      'u.project_unit_id',
      'u.root_project_unit_id',
      'u.parent_project_unit_id',
      'u.tenant_id',
      'u.project_unit_type',
      'u.project_unit_type_variant',
      'u.state_key',
      'u.title',
      'r.state_key as root_state_key',
      'r.project_unit_type_variant as root_variant',
      't.features',
      'm.role_keys',
      'm.user_id as member_user_id',
    ])
    .where('u.project_unit_id', '=', unitId);
}
export type AccessRow = NonNullable<Awaited<ReturnType<ReturnType<typeof accessQuery>['executeTakeFirst']>>>;

// Most requests run this query: compiled once per database, run with the request's user and unit.
const compiledAccessQuery = preparedQuery((db, userId: number, unitId: number) => accessQuery(db, userId, unitId));

/** The access of a readable unit, or null for a foreign or unknown id. */
export async function findProjectAccess(
  db: Database,
  user: SessionUser,
  unitId: number,
): Promise<ProjectAccess | null> {
  return accessOf(user, (await db.executeQuery(compiledAccessQuery(db, user.userId, unitId))).rows[0]);
}

/** The access that a row of `accessQuery` gives the user, or null when the unit is not readable. */
export function accessOf(user: SessionUser, row: AccessRow | undefined): ProjectAccess | null {
  if (!row || row.root_project_unit_id === null) return null;
  const sameTenant = row.tenant_id === user.tenantId;
  const isInternal = sameTenant && readsWholeTenant(user);
  const isMember = row.member_user_id !== null;
  if (!isMember && !isInternal) return null;
  return {
    unit: {
      project_unit_id: row.project_unit_id,
      root_project_unit_id: row.root_project_unit_id,
      parent_project_unit_id: row.parent_project_unit_id,
      tenant_id: row.tenant_id,
      project_unit_type: row.project_unit_type,
      project_unit_type_variant: row.project_unit_type_variant,
      state_key: row.state_key,
      title: row.title,
    },
    root: {
      project_unit_id: row.root_project_unit_id,
      state_key: row.root_state_key,
      tenant_id: row.tenant_id,
      project_unit_type_variant: row.root_variant,
    },
    roleKeys: row.role_keys ?? [],
    isMember,
    isInternal,
    features: row.features ?? {},
  };
}

// ---- The check (its lookups: access-repository.ts) ------------------------------------------------------------------------------

async function readable(db: Database, user: SessionUser, unitId: number | null): Promise<ProjectAccess> {
  const access = unitId === null ? null : await findProjectAccess(db, user, unitId);
  if (!access) throw new AppError('NotFound');
  return access;
}

function allowIf(ok: boolean, message?: string): void {
  if (!ok) throw new AppError('NotAllowed', message);
}

async function orderLot(db: Database, user: SessionUser, unitId: number | null, lotType: OrderLotType) {
  const access = await readable(db, user, unitId);
  if (access.unit.project_unit_type !== lotType) throw new AppError('NotFound');
  return access;
}

/** The user's own tenant's features: read with the session when it was (session.ts), else now. */
async function ownTenantFeatures(db: Database, user: SessionUser): Promise<Features> {
  if (user.features) return user.features;
  const tenant = await db
    .selectFrom('tenants')
    .select('features')
    .where('tenant_id', '=', user.tenantId)
    .executeTakeFirst();
  return tenant?.features ?? {};
}

/**
 * The one access check. Foreign or unreadable ids answer 404 (`NotFound`); a reader who may not
 * do the thing gets 403 (`NotAllowed`). Returns the access with the tenant's features.
 */
export async function requireAccess(
  db: Database,
  user: SessionUser,
  request: Extract<AccessRequest, { permission: 'admin' | 'project.create' | 'search.advanced' }>,
): Promise<AdminAccess>;
export async function requireAccess(
  db: Database,
  user: SessionUser,
  request: Exclude<AccessRequest, { permission: 'admin' | 'project.create' | 'search.advanced' }>,
): Promise<ProjectAccess>;
export async function requireAccess(
  db: Database,
  user: SessionUser,
  request: AccessRequest,
): Promise<ProjectAccess | AdminAccess> {
  switch (request.permission) {
    case 'admin': {
      if (request.id !== undefined && request.id !== user.tenantId) throw new AppError('NotFound');
      allowIf(user.isAdmin);
      return { tenantId: user.tenantId, features: await ownTenantFeatures(db, user) };
    }
    case 'search.advanced': {
      const features = await ownTenantFeatures(db, user);
      if (!isFeatureOn(features, 'AdvancedSearch')) throw new AppError('NotFound');
      return { tenantId: user.tenantId, features };
    }
    case 'project.create': {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('tenants as t', 't.tenant_id', 'u.tenant_id')
        .select(['u.role_keys', 't.features'])
        .where('u.user_id', '=', user.userId)
        .executeTakeFirst();
      const creator = (row?.role_keys ?? []).some((r) => projectCreatorRoles.includes(r));
      allowIf(user.isAdmin || (user.isInternal && creator), 'PROJECT.CreateProject.NotAllowed');
      return { tenantId: user.tenantId, features: row?.features ?? {} };
    }
    case 'member.manage': {
      const access = await readable(db, user, request.id);
      if (!isRoot(access)) throw new AppError('NotFound');
      allowIf(mayManageMembers(access));
      return access;
    }
    case 'project.read':
    case 'file.read':
      return readable(db, user, request.id);
    case 'unit.create': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      // The information sheet's validity is checked by the unit service (questionnaire module).
      allowIf(isFeatureOn(access.features, 'AllowCreateProjectUnits'), 'PROJECT.Create.NotPossible');
      return access;
    }
    case 'unit.edit': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      allowIf(mayEditUnit(access));
      return access;
    }
    case 'unit.delete': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      const decision = checkDeleteUnit(
        { type: access.unit.project_unit_type, isRoot: isRoot(access), orderItemCount: 0 },
        ruleContext(access),
      );
      if (decision === 'notAllowed') {
        throw new AppError('NotAllowed', [
          { messageType: 'Error', message: 'PROJECT.Delete.NotAllowedMessage', reference: access.unit.title },
        ]);
      }
      if (isOrderLot(access.unit.project_unit_type) && (await countLotItems(db, access.unit.project_unit_id)) > 0) {
        throw new AppError('Conflict', [
          { messageType: 'Error', message: 'PROJECT.Delete.DeleteItemsFirstMessage', reference: access.unit.title },
        ]);
      }
      return access;
    }
    case 'journal.read': {
      const access = await readable(db, user, request.id);
      if (!isRoot(access)) throw new AppError('NotFound');
      allowIf(mayReadJournal(access));
      return access;
    }
    case 'file.write': {
      const access = await readable(db, user, request.id);
      allowIf(mayWriteFiles(access));
      return access;
    }
    case 'sheet.edit': {
      const access = await readable(db, user, request.id);
      allowIf(mayEditSheet(access));
      return access;
    }
    case 'unit.productTypes': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      allowIf(mayEditProductTypes(access));
      return access;
    }
    case 'delivery.confirm': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      allowIf(mayConfirmDelivery(access));
      return access;
    }
    case 'structure.edit': {
      const access = await readable(db, user, request.id);
      if (!isRoot(access)) throw new AppError('NotFound');
      allowIf(mayStructure(access), 'STRUCTURE.Errors.NotStructuring');
      allowIf(
        access.isInternal || (await holdsOpenTask(db, user.userId, access.unit.project_unit_id, 'Structuring')),
        'WORKFLOW.NotTaskHolder',
      );
      return access;
    }
    case 'delivery.edit': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      allowIf(mayEditDeliveryData(access), 'DELIVERY.Data.NotWhileStructuring');
      return access;
    }
    case 'delivery.manage': {
      const access = await readable(db, user, request.id);
      refuseWhenClosed(access);
      allowIf(mayManageDeliveryLots(access));
      return access;
    }
    case 'orderLot.read':
      return orderLot(db, user, request.id, request.lotType);
    case 'orderLot.write':
    case 'orderItem.write': {
      const lotId =
        request.permission === 'orderItem.write' ? await orderItemLot(db, request.lotType, request.id) : request.id;
      const access = await orderLot(db, user, lotId, request.lotType);
      refuseWhenClosed(access);
      // Order rows may be written only by a holder of the lot's open PlaceOrder task (spec §6).
      allowIf(await holdsPlaceOrderTask(db, user.userId, access.unit.project_unit_id), 'ORDER.Errors.NoPlaceOrderTask');
      return access;
    }
    case 'siteRecord.read':
    case 'siteRecord.write': {
      const record = await siteRecordUnit(db, request.record, request.id);
      const access = await readable(db, user, record?.project_unit_id ?? null);
      if (access.unit.tenant_id !== record?.tenant_id) throw new AppError('NotFound');
      // Writing a site record follows the edit rule of the unit it belongs to.
      if (request.permission === 'siteRecord.write') {
        refuseWhenClosed(access);
        allowIf(mayEditUnit(access));
      }
      return access;
    }
  }
}
