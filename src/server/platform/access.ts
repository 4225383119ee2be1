import { AppError } from '../../shared/errors';
import type { SessionUser } from './auth/session';
import type { Database } from './db/database';

/**
 * Who may read a project tree (DESIGN.md §2): members of the root, internal users of the
 * root's tenant, admins of that tenant. Anyone else gets 404, so no id's existence leaks.
 */
export type ProjectAccess = {
  unit: {
    project_unit_id: number;
    root_project_unit_id: number;
    parent_project_unit_id: number | null;
    tenant_id: number;
    project_unit_type: string;
    project_unit_type_variant: string | null;
    state_key: string;
  };
  root: { project_unit_id: number; state_key: string; tenant_id: number; project_unit_type_variant: string | null };
  /** Role keys of the user on the root project (empty when not a member). */
  roleKeys: string[];
  isMember: boolean;
  /** Internal user (or admin) of the project's tenant. */
  isInternal: boolean;
};

export async function findProjectAccess(
  db: Database,
  user: SessionUser,
  unitId: number,
): Promise<ProjectAccess | null> {
  const row = await db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .leftJoin('members as m', (j) =>
      j.onRef('m.root_project_unit_id', '=', 'r.project_unit_id').on('m.user_id', '=', user.userId),
    )
    .select([
      'u.project_unit_id',
      'u.root_project_unit_id',
      'u.parent_project_unit_id',
      'u.tenant_id',
      'u.project_unit_type',
      'u.project_unit_type_variant',
      'u.state_key',
      'r.state_key as root_state_key',
      'r.project_unit_type_variant as root_variant',
      'm.role_keys',
      'm.user_id as member_user_id',
    ])
    .where('u.project_unit_id', '=', unitId)
    .executeTakeFirst();
  if (!row || row.root_project_unit_id === null) return null;
  const sameTenant = row.tenant_id === user.tenantId;
  const isInternal = sameTenant && (user.isInternal || user.isAdmin);
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
  };
}

/** The access of a readable unit, or 404. The first line of every project service function. */
export async function requireProjectRead(db: Database, user: SessionUser, unitId: number): Promise<ProjectAccess> {
  const access = await findProjectAccess(db, user, unitId);
  if (!access) throw new AppError('NotFound');
  return access;
}

/** Admin routes: an admin administers only their own tenant. */
export function requireAdmin(user: SessionUser): void {
  if (!user.isAdmin) throw new AppError('NotAllowed');
}
