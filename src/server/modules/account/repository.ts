import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

export function findUserByLogin(db: Database, login: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'password_hash', 'external_issuer', 'deleted_at', 'deactivated_at'])
    .where(sql<string>`lower(login)`, '=', login.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export type FailureCount = { n: number; last: Date | null };

/** Failed sign-ins since `since` from one client (any login). */
export async function countClientFailures(
  db: Database,
  clientIp: string,
  since: Date,
  exceptAttempt: number,
): Promise<FailureCount> {
  const row = await db
    .selectFrom('login_attempts')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`max(attempted_at)`.as('last')])
    .where('client_ip', '=', clientIp)
    .where('attempt_id', '<>', exceptAttempt)
    .where('attempted_at', '>', since)
    .where('succeeded', '=', false)
    .executeTakeFirstOrThrow();
  return { n: row.n, last: row.last === null ? null : new Date(row.last) };
}

/**
 * Failed sign-ins since `since` for one login: from this client, and from every client other than
 * those the account has signed in from before (its usual clients, which the others cannot block).
 */
export async function countAccountFailures(
  db: Database,
  login: string,
  clientIp: string,
  since: Date,
  exceptAttempt: number,
): Promise<{ own: FailureCount; strangers: FailureCount; usualClient: boolean }> {
  const key = login.toLowerCase();
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`(count(*) filter (where not succeeded and attempted_at > ${since} and client_ip = ${clientIp}))::int`.as(
        'own_n',
      ),
      sql<Date | null>`max(attempted_at) filter (where not succeeded and attempted_at > ${since} and client_ip = ${clientIp})`.as(
        'own_last',
      ),
      sql<number>`(count(*) filter (where not succeeded and attempted_at > ${since} and client_ip is distinct from ${clientIp}))::int`.as(
        'strangers_n',
      ),
      sql<Date | null>`max(attempted_at) filter (where not succeeded and attempted_at > ${since} and client_ip is distinct from ${clientIp})`.as(
        'strangers_last',
      ),
      sql<boolean>`coalesce(bool_or(succeeded and client_ip = ${clientIp}), false)`.as('usual'),
    ])
    .where(sql<string>`lower(login)`, '=', key)
    .where('attempt_id', '<>', exceptAttempt)
    .executeTakeFirstOrThrow();
  const at = (d: Date | null) => (d === null ? null : new Date(d));
  return {
    own: { n: row.own_n, last: at(row.own_last) },
    strangers: { n: row.strangers_n, last: at(row.strangers_last) },
    usualClient: row.usual,
  };
}

/**
 * Records an attempt as failed before it is checked, so concurrent attempts count each other: of
 * many at once, each sees at least the ones recorded before it, and no more than the limit pass.
 */
export async function recordPendingAttempt(db: Database, login: string, at: Date, clientIp: string): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({ login: login.toLowerCase(), attempted_at: at, succeeded: false, client_ip: clientIp })
    .returning('attempt_id')
    .executeTakeFirstOrThrow();
  return Number(row.attempt_id);
}

/** A refused attempt (told to wait) is not a failure: it is forgotten. */
export async function forgetAttempt(db: Database, attemptId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempt_id', '=', attemptId).execute();
}

export async function markAttemptSucceeded(db: Database, attemptId: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('attempt_id', '=', attemptId).execute();
}

export function findCurrentUser(db: Database, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_id', 'u.tenant_id')
    .select([
      'u.user_id',
      'u.login',
      'u.first_name',
      'u.last_name',
      'u.language',
      'u.is_internal',
      'u.is_admin',
      'u.external_issuer',
      'u.tenant_id',
      'u.sales_org_id',
      't.name as tenant_name',
      't.brand_color',
      't.features',
      sql<boolean>`u.profile_image_png is not null`.as('has_profile_image'),
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
}
