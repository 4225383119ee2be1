import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { OidcFlowsTable, TenantOidcTable } from '../../platform/db/tables/profile-admin';

/** Tenants with company sign-in switched on, by name. */
export function findEnabledProviders(db: Database) {
  return db
    .selectFrom('tenant_oidc as o')
    .innerJoin('tenants as t', 't.tenant_id', 'o.tenant_id')
    .select(['t.tenant_key', 't.name', 'o.button_label'])
    .where('o.enabled', '=', true)
    .orderBy('t.name')
    .execute();
}

export function findEnabledOidcByTenantKey(db: Database, tenantKey: string) {
  return db
    .selectFrom('tenant_oidc as o')
    .innerJoin('tenants as t', 't.tenant_id', 'o.tenant_id')
    .select(['o.tenant_id', 'o.issuer', 'o.client_id', 'o.client_secret'])
    .where('t.tenant_key', '=', tenantKey)
    .where('o.enabled', '=', true)
    .executeTakeFirst();
}

export function findEnabledOidc(db: Database, tenantId: number) {
  return db
    .selectFrom('tenant_oidc')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** Stores a new flow and drops those that expired before `now`. */
export async function insertOidcFlow(db: Database, flow: Insertable<OidcFlowsTable>, now: Date): Promise<void> {
  await db.deleteFrom('oidc_flows').where('expires_at', '<', now).execute();
  await db.insertInto('oidc_flows').values(flow).execute();
}

/** Takes a flow that has not expired: it can be used once. */
export function takeOidcFlow(db: Database, flowHash: string, now: Date) {
  return db
    .deleteFrom('oidc_flows')
    .where('flow_hash', '=', flowHash)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Whether a live flow was started with this state: a callback without its cookie then came from another address. */
export async function flowPendingForState(db: Database, state: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_flows')
    .select('flow_hash')
    .where('state', '=', state)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

function externalUsers(db: Database, tenantId: number, issuer: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'external_subject', 'deactivated_at'])
    .where('tenant_id', '=', tenantId)
    .where('external_issuer', '=', issuer)
    .where('deleted_at', 'is', null);
}

export function findExternalUserBySubject(db: Database, tenantId: number, issuer: string, subject: string) {
  return externalUsers(db, tenantId, issuer).where('external_subject', '=', subject).executeTakeFirst();
}

/** An external user of the issuer not linked yet, whose e-mail or login is `email` (lower case). */
export function findUnlinkedExternalUserByEmail(db: Database, tenantId: number, issuer: string, email: string) {
  return externalUsers(db, tenantId, issuer)
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb(sql<string>`lower(login)`, '=', email)]))
    .where('external_subject', 'is', null)
    .executeTakeFirst();
}

export async function linkExternalSubject(db: Database, userId: number, subject: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ external_subject: subject })
    .where('user_id', '=', userId)
    .where('external_subject', 'is', null)
    .execute();
}

/** A user of the demo identity provider, by login (any case). */
export function findDemoIdpAccount(db: Database, issuer: string, login: string) {
  return db
    .selectFrom('users')
    .select(['login', 'email', 'first_name', 'last_name'])
    .where(sql<string>`lower(login)`, '=', login.toLowerCase())
    .where('external_issuer', '=', issuer)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findCompanySignIn(db: Database, tenantId: number) {
  return db
    .selectFrom('tenant_oidc')
    .select(['issuer', 'client_id', 'button_label', 'enabled'])
    .select((eb) => eb('client_secret', '<>', '').as('has_secret'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export function lockCompanySignIn(db: Database, tenantId: number) {
  return db
    .selectFrom('tenant_oidc')
    .select(['issuer'])
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertCompanySignIn(db: Database, row: Insertable<TenantOidcTable>): Promise<void> {
  await db.insertInto('tenant_oidc').values(row).execute();
}

export async function updateCompanySignIn(
  db: Database,
  tenantId: number,
  values: Updateable<TenantOidcTable>,
): Promise<void> {
  await db.updateTable('tenant_oidc').set(values).where('tenant_id', '=', tenantId).execute();
}

/** Moves the tenant's company-login users to a new issuer; they are linked again at their next sign-in. */
export async function moveExternalUsers(db: Database, tenantId: number, from: string, to: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ external_issuer: to, external_subject: null })
    .where('tenant_id', '=', tenantId)
    .where('external_issuer', '=', from)
    .execute();
}
