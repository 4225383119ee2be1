import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

function selectMembers(db: Database, rootId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select([
      'u.user_id',
      'u.login',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.company_name',
      'u.company_name2',
      'u.street1',
      'u.street2',
      'u.zip',
      'u.city',
      'u.office_phone',
      'u.company_mobile',
      'u.office_fax',
      'u.tenant_id',
      'u.sales_org_id',
      'u.is_internal',
      'u.deactivated_at',
      'u.invited_by',
      'm.role_keys',
    ])
    .select((eb) => eb('u.profile_image_png', 'is not', null).as('has_profile_image'))
    .select((eb) =>
      eb.and([eb('u.password_hash', 'is', null), eb('u.external_subject', 'is', null)]).as('invitation_pending'),
    )
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.deleted_at', 'is', null);
}

export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

export function findMembers(db: Database, rootId: number) {
  return selectMembers(db, rootId).orderBy('u.last_name').orderBy('u.first_name').orderBy('u.user_id').execute();
}

export function findMember(db: Database, rootId: number, userId: number) {
  return selectMembers(db, rootId).where('u.user_id', '=', userId).executeTakeFirst();
}

/** The project's internal members as mail recipients, each with the language and name the mail uses. */
export async function findInternalMemberRecipients(
  db: Database,
  rootId: number,
): Promise<{ to: string; language: string; name: string }[]> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['u.email', 'u.login', 'u.language', 'u.first_name', 'u.last_name'])
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.is_internal', '=', true)
    .where('u.deleted_at', 'is', null)
    .execute();
  const byAddress = new Map<string, { to: string; language: string; name: string }>();
  for (const r of rows) {
    const to = r.email ?? r.login;
    const name = [r.first_name, r.last_name].filter(Boolean).join(' ') || to;
    if (!byAddress.has(to)) byAddress.set(to, { to, language: r.language, name });
  }
  return [...byAddress.values()];
}

// ---- Managing members -----------------------------------------------------------------------

/** What managing members reads of a user who is not deleted. */
function selectUsers(db: Database) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'login',
      'email',
      'first_name',
      'last_name',
      'language',
      'is_internal',
      'tenant_id',
      'role_keys',
      'deactivated_at',
    ])
    .where('deleted_at', 'is', null);
}

/** A user of the tenant (not deleted); a deactivated one cannot become a member. */
export function findTenantUser(db: Database, tenantId: number, userId: number) {
  return selectUsers(db).where('user_id', '=', userId).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function findUsersByIds(db: Database, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return selectUsers(db).where('user_id', 'in', userIds).execute();
}

export async function findMembership(db: Database, rootId: number, userId: number) {
  return db
    .selectFrom('members')
    .select(['user_id', 'role_keys'])
    .where('root_project_unit_id', '=', rootId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertMembers(db: Database, rootId: number, members: { userId: number; roleKeys: string[] }[]) {
  if (members.length === 0) return;
  await db
    .insertInto('members')
    .values(members.map((m) => ({ root_project_unit_id: rootId, user_id: m.userId, role_keys: m.roleKeys })))
    .execute();
}

export async function updateMemberRoles(db: Database, rootId: number, userId: number, roleKeys: string[]) {
  await db
    .updateTable('members')
    .set({ role_keys: roleKeys })
    .where('root_project_unit_id', '=', rootId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Database, rootId: number, userId: number) {
  await db.deleteFrom('members').where('root_project_unit_id', '=', rootId).where('user_id', '=', userId).execute();
}

/** The units of a project tree with their state (for the tasks of a member's roles). */
export function findTreeUnits(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_id', 'root_project_unit_id', 'tenant_id', 'project_unit_type', 'state_key'])
    .where('root_project_unit_id', '=', rootId)
    .orderBy('project_unit_id')
    .execute();
}

/** The user's open tasks in a project tree, with their unit. */
export function findOpenTasksOfUser(db: Database, rootId: number, userId: number) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('project_units as u', 'u.project_unit_id', 't.project_unit_id')
    .select(['t.task_id', 't.task_key', 't.state_key', 'u.project_unit_id', 'u.project_unit_type', 'u.tenant_id'])
    .where('t.root_project_unit_id', '=', rootId)
    .where('t.user_id', '=', userId)
    .where('t.closed_at', 'is', null)
    .execute();
}

export async function closeTask(db: Database, taskId: number, now: Date) {
  await db.updateTable('tasks').set({ closed_at: now }).where('task_id', '=', taskId).execute();
}

/** Members of the root holding one of the roles (or, with `internal`, any internal member of the tenant). */
export async function findRoleHolders(
  db: Database,
  rootId: number,
  tenantId: number,
  holders: string[],
): Promise<number[]> {
  const roles = holders.filter((h) => h !== 'internal');
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.user_id', 'm.role_keys', 'u.is_internal', 'u.tenant_id'])
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.deleted_at', 'is', null)
    // A deactivated member cannot sign in: tasks handed over to them would wait for nobody.
    .where('u.deactivated_at', 'is', null)
    .orderBy('m.user_id')
    .execute();
  return rows
    .filter(
      (r) =>
        r.role_keys.some((k) => roles.includes(k)) ||
        (holders.includes('internal') && r.is_internal && r.tenant_id === tenantId),
    )
    .map((r) => r.user_id);
}

export function findSalesOrg(db: Database, tenantId: number, salesOrgId: number) {
  return db
    .selectFrom('sales_orgs')
    .select(['sales_org_id', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('sales_org_id', '=', salesOrgId)
    .executeTakeFirst();
}

export function findSalesOrgs(db: Database, tenantId: number) {
  return db
    .selectFrom('sales_orgs')
    .select(['sales_org_id', 'title'])
    .where('tenant_id', '=', tenantId)
    .orderBy('title')
    .execute();
}

/** Root titles are unique per tenant (case-insensitive); a rename leaves its own project out. */
export async function rootTitleTaken(
  db: Database,
  tenantId: number,
  title: string,
  excludeUnitId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('tenant_id', '=', tenantId)
    .where('parent_project_unit_id', 'is', null)
    .where(sql<string>`lower(title)`, '=', title.trim().toLowerCase());
  if (excludeUnitId !== undefined) query = query.where('project_unit_id', '!=', excludeUnitId);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}

export function findRootForMembers(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_id', 'project_unit_no', 'title', 'tenant_id', 'state_key'])
    .where('project_unit_id', '=', rootId)
    .executeTakeFirstOrThrow();
}

/** Active users of the tenant, without the members of `excludeRootId` when given, for `fetchList`. */
export function memberCandidatesBase(db: Database, tenantId: number, excludeRootId: number | null) {
  // Deactivated users are not offered as new members.
  let base = db
    .selectFrom('users as u')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    // API tokens' technical users are never project members.
    .where('u.is_technical', '=', false);
  if (excludeRootId !== null)
    base = base.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('members as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.user_id')
            .where('m.root_project_unit_id', '=', excludeRootId),
        ),
      ),
    );
  return base.select([
    'u.user_id',
    'u.login',
    'u.first_name',
    'u.last_name',
    'u.company_name',
    'u.is_internal',
    'u.role_keys',
  ]);
}
