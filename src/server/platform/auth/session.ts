import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Features } from '../../../shared/rules/features';
import type { Language } from '../../../shared/schemas/common';
import type { Database } from '../db/database';
import { preparedQuery } from '../db/prepared';
import { sessionsEnded } from './session-ends';

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionUser = {
  sessionId: string;
  userId: number;
  tenantId: number;
  salesOrgId: number | null;
  login: string;
  isInternal: boolean;
  isAdmin: boolean;
  isExternalLogin: boolean;
  language: Language;
  firstName: string | null;
  lastName: string | null;
  /**
   * Read with the session in the same query, once per request (absent on users built for calling
   * services directly): the tenant's name and feature flags, the user's tenant roles and whether
   * a profile image exists. `/api/account/me` and the tenant-wide access checks answer from them.
   */
  tenantName?: string;
  /** The tenant's brand colour (`#rrggbb`, migration 351); null: the product's. */
  brandColor?: string | null;
  features?: Features;
  roleKeys?: string[];
  hasProfileImage?: boolean;
};

export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Only a hash of the token is stored, so a database leak does not leak live sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Database,
  userId: number,
  now: Date,
  userAgent?: string,
  clientIp?: string,
): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({
      session_id: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      user_agent: userAgent?.slice(0, 300) ?? null,
      client_ip: clientIp?.slice(0, 100) ?? null,
    })
    .execute();
  return token;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  const row = await db
    .deleteFrom('sessions')
    .where('session_id', '=', hashToken(token))
    .returning('user_id')
    .executeTakeFirst();
  if (row) sessionsEnded(row.user_id);
}

export async function deleteUserSessions(db: Database, userId: number, exceptToken?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken) q = q.where('session_id', '<>', hashToken(exceptToken));
  await q.execute();
  sessionsEnded(userId);
}

function sessionQuery(db: Database, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .innerJoin('tenants as t', 't.tenant_id', 'u.tenant_id')
    .select([
      's.session_id',
      's.created_at',
      's.last_seen_at',
      'u.user_id',
      'u.tenant_id',
      'u.sales_org_id',
      'u.login',
      'u.is_internal',
      'u.is_admin',
      'u.external_issuer',
      'u.language',
      'u.first_name',
      'u.last_name',
      'u.deleted_at',
      'u.deactivated_at',
      'u.role_keys',
      't.name as tenant_name',
      't.brand_color',
      't.features',
      sql<boolean>`u.profile_image_png is not null`.as('has_profile_image'),
    ])
    .where('s.session_id', '=', sessionId);
}
// Every request runs this query: built and compiled once per database, then executed with the
// request's session id as its only parameter.
const compiledSessionQuery = preparedQuery((db, sessionId: string) => sessionQuery(db, sessionId));

/**
 * Resolves a cookie token to its user, enforcing idle and absolute timeouts: session, user and
 * tenant in one query (the only one of a request that needs no more than the signed-in user).
 */
export async function findSessionUser(db: Database, token: string, now: Date): Promise<SessionUser | null> {
  const sessionId = hashToken(token);
  const row = (await db.executeQuery(compiledSessionQuery(db, sessionId))).rows[0];
  if (!row) return null;
  const t = now.getTime();
  const expired =
    row.deleted_at !== null ||
    row.deactivated_at !== null ||
    t - new Date(row.last_seen_at).getTime() > SESSION_IDLE_MS ||
    t - new Date(row.created_at).getTime() > SESSION_ABSOLUTE_MS;
  if (expired) {
    await db.deleteFrom('sessions').where('session_id', '=', sessionId).execute();
    return null;
  }
  if (t - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('session_id', '=', sessionId).execute();
  }
  return {
    sessionId,
    userId: row.user_id,
    tenantId: row.tenant_id,
    salesOrgId: row.sales_org_id,
    login: row.login,
    isInternal: row.is_internal,
    isAdmin: row.is_admin,
    isExternalLogin: row.external_issuer !== null,
    language: row.language,
    firstName: row.first_name,
    lastName: row.last_name,
    tenantName: row.tenant_name,
    brandColor: row.brand_color,
    features: row.features ?? {},
    roleKeys: row.role_keys ?? [],
    hasProfileImage: row.has_profile_image,
  };
}
