import { sql, type Insertable, type Updateable } from 'kysely';
import { sessionsEnded } from '../../platform/auth/session-ends';
import type { Database } from '../../platform/db/database';
import type { UsersTable } from '../../platform/db/schema';

/**
 * The tenant's users as the admin list sees them; computed columns (status, external login,
 * open invitation) are plain columns of the subquery so the list helper can filter and sort them.
 */
export function userListBase(db: Database, tenantId: number) {
  const inner = db
    .selectFrom('users as x')
    .select([
      'x.user_id',
      'x.login',
      'x.email',
      'x.first_name',
      'x.last_name',
      'x.is_internal',
      'x.is_admin',
      'x.sales_org_id',
      'x.language',
      'x.created_at',
      'x.invited_by',
      sql<string>`trim(coalesce(x.first_name, '') || ' ' || coalesce(x.last_name, ''))`.as('name'),
      sql<boolean>`x.external_issuer is not null`.as('is_external_login'),
      sql<string>`case when x.deactivated_at is not null then 'deactivated'
        when x.password_hash is null and x.external_subject is null then 'invited' else 'active' end`.as('status'),
      sql<Date | null>`(select max(t.expires_at) from account_tokens t
        where t.user_id = x.user_id and t.purpose = 'invitation' and t.used_at is null)`.as('invitation_expires_at'),
    ])
    .where('x.tenant_id', '=', tenantId)
    .where('x.deleted_at', 'is', null)
    // The technical users of API tokens are managed on the API tokens page.
    .where('x.is_technical', '=', false);
  return db.selectFrom(inner.as('u')).selectAll('u');
}

export function findTenantUser(db: Database, tenantId: number, userId: number) {
  return userListBase(db, tenantId).where('u.user_id', '=', userId).executeTakeFirst();
}

export function findUserState(db: Database, tenantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'login',
      'email',
      'language',
      'first_name',
      'last_name',
      'is_admin',
      'password_hash',
      'external_issuer',
      'external_subject',
      'deactivated_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Active admins of the tenant other than one user. Every admin row of the tenant is locked in
 * id order, so two admins changing each other at once wait in turn instead of both passing.
 */
export async function countOtherActiveAdmins(db: Database, tenantId: number, exceptUserId: number): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'deactivated_at', 'is_admin'])
    .where('tenant_id', '=', tenantId)
    .where('is_admin', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('user_id')
    .forUpdate()
    .execute();
  return rows.filter((r) => r.user_id !== exceptUserId && r.is_admin && r.deactivated_at === null).length;
}

/** Who holds a login (any tenant, deleted ones too: a login is never given twice). */
export async function findLoginOwner(db: Database, login: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'tenant_id', 'email', 'login', 'language', 'first_name', 'last_name', 'deleted_at'])
    .where(sql<string>`lower(login)`, '=', login.toLowerCase())
    .executeTakeFirst();
}

/** A user id that no row will ever get: the answer to an invitation that created nobody. */
export async function burnUserId(db: Database): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`select nextval(pg_get_serial_sequence('users', 'user_id'))::int as id`.execute(db);
  return rows[0]?.id ?? 0;
}

export function findTenantOidc(db: Database, tenantId: number) {
  return db.selectFrom('tenant_oidc').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function findTenantName(db: Database, tenantId: number) {
  return db.selectFrom('tenants').select('name').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

export async function salesOrgExists(db: Database, tenantId: number, salesOrgId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sales_orgs')
    .select('sales_org_id')
    .where('tenant_id', '=', tenantId)
    .where('sales_org_id', '=', salesOrgId)
    .executeTakeFirst();
  return !!row;
}

export function insertUser(db: Database, values: Insertable<UsersTable>) {
  return db.insertInto('users').values(values).returning('user_id').executeTakeFirstOrThrow();
}

export async function updateTenantUser(
  db: Database,
  tenantId: number,
  userId: number,
  values: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable('users').set(values).where('user_id', '=', userId).where('tenant_id', '=', tenantId).execute();
}

/** Marks the user deactivated and ends every session and open account link. */
export async function deactivate(db: Database, userId: number, now: Date): Promise<void> {
  await db.updateTable('users').set({ deactivated_at: now }).where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  sessionsEnded(userId);
}

/** Whether a (not deleted) user of the tenant was found and reactivated. */
export async function reactivate(db: Database, tenantId: number, userId: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ deactivated_at: null })
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The invited user of an open invitation token (by its hash), with the tenant's name. */
export function findOpenInvitation(db: Database, tokenHash: string, now: Date) {
  return db
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .innerJoin('tenants as n', 'n.tenant_id', 'u.tenant_id')
    .select(['u.user_id', 'u.login', 'u.first_name', 'n.name as tenant_name'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', 'invitation')
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** Sets the first password of an active local-login user; false when there is none. */
export async function setFirstPassword(db: Database, userId: number, hash: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('user_id', '=', userId)
    .where('deactivated_at', 'is', null)
    .where('external_issuer', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Records who invited a new user (migration 290). */
export async function setInvitedBy(db: Database, userId: number, inviterId: number): Promise<void> {
  await db.updateTable('users').set({ invited_by: inviterId }).where('user_id', '=', userId).execute();
}

/** The id of the person who invited a user of the tenant, or null. */
export async function findInviter(db: Database, tenantId: number, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('invited_by')
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.invited_by ?? null;
}
