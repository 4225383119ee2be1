import { sql } from 'kysely';
import { readableRootSql } from '../../platform/access';
import { deliveryOverviewOn } from '../delivery/lot-repository';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';

export function findFeed(db: Database, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One feed per user: a new token replaces the old one (the old address stops working). */
export async function replaceFeed(db: Database, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now, last_used_at: null }),
    )
    .execute();
}

export async function deleteFeed(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The owner of a feed token, if the token is live and the user active. */
export async function findFeedOwner(db: Database, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.user_id', 'f.user_id')
    .select(['u.user_id', 'u.tenant_id', 'u.is_internal', 'u.is_admin', 'u.language', 'f.last_used_at'])
    .where('f.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function touchFeed(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('calendar_feeds').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}

/**
 * The delivery lots of every project the user may read (the same read rule as the lists), from
 * `fromDay` on, date ascending, at most `limit`.
 */
export function findReadableLots(
  db: Database,
  user: Pick<SessionUser, 'userId' | 'tenantId' | 'isInternal' | 'isAdmin'>,
  fromDay: string,
  limit: number,
) {
  return db
    .selectFrom('delivery_lots as d')
    .innerJoin('project_units as r', 'r.project_unit_id', 'd.root_project_unit_id')
    .select([
      'd.delivery_lot_id',
      'd.root_project_unit_id',
      'd.title',
      'd.requested_date',
      'd.confirmed_date',
      'd.delivery_type',
      'd.updated_at',
      'r.project_unit_no',
      'r.title as project_title',
      sql<string>`coalesce((select string_agg(u.title, ', ' order by u.project_unit_no) from delivery_lot_units lu
        join project_units u on u.project_unit_id = lu.project_unit_id where lu.delivery_lot_id = d.delivery_lot_id), '')`.as(
        'groups',
      ),
    ])
    .where(readableRootSql(user, 'd.root_project_unit_id', 'r.tenant_id'))
    .where(deliveryOverviewOn('r.tenant_id'))
    .where(sql<boolean>`coalesce(d.confirmed_date, d.requested_date) >= ${fromDay}::date`)
    .orderBy(sql`coalesce(d.confirmed_date, d.requested_date)`)
    .orderBy('d.delivery_lot_id')
    .limit(limit)
    .execute();
}
