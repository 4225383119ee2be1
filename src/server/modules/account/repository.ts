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

export async function countRecentFailures(db: Database, login: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<string>`lower(login)`, '=', login.toLowerCase())
    .where('attempted_at', '>', since)
    .where('succeeded', '=', false)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function recordAttempt(db: Database, login: string, at: Date, succeeded: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ login: login.toLowerCase(), attempted_at: at, succeeded }).execute();
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
      't.features',
      sql<boolean>`u.profile_image_png is not null`.as('has_profile_image'),
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
}
