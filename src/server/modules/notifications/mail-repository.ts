import { sql } from 'kysely';
import type { MailDelivery, NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../platform/db/database';

/** The stored choices (no row: the role's default) of the given users. */
export function preferenceRows(db: Database, userIds: number[]) {
  return db
    .selectFrom('mail_preferences')
    .select(['user_id', 'kind', 'delivery'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** Active users with what a mail to them needs. */
export function mailUsers(db: Database, userIds: number[]) {
  return db
    .selectFrom('users')
    .select(['user_id', 'email', 'login', 'language', 'first_name', 'last_name', 'is_internal', 'is_admin'])
    .where('user_id', 'in', userIds)
    .where('deleted_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .orderBy('user_id')
    .execute();
}

/** A user who still exists: role and language. */
export function findUser(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['user_id', 'language', 'is_internal', 'is_admin'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function upsertPreferences(
  db: Database,
  userId: number,
  choices: { kind: NotificationType; delivery: MailDelivery }[],
  now: Date,
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto('mail_preferences')
    .values(choices.map((c) => ({ user_id: userId, kind: c.kind, delivery: c.delivery, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        delivery: eb.ref('excluded.delivery'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The daily overview of open tasks off (the digest's own switch, `users.daily_status_mail`). */
export async function turnOffDailyMail(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ daily_status_mail: false }).where('user_id', '=', userId).execute();
}

/** Number and titles of a unit and its project, for a mail. */
export function unitLabel(db: Database, unitId: number) {
  return db
    .selectFrom('project_units as u')
    .leftJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select(['u.project_unit_no', 'u.title', 'r.title as root_title'])
    .where('u.project_unit_id', '=', unitId)
    .executeTakeFirst();
}

/** "First Last", else the login. */
export async function personName(db: Database, userId: number): Promise<string> {
  const u = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'login'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.login : '';
}

/** Users with a notification since `since` (the digest's candidates). */
export async function usersNotifiedSince(db: Database, since: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('created_at', '>=', since)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * A user's notifications of the given kinds from `since` until before `until`, oldest first, with
 * unit and actor (at most 100).
 */
export function notificationsBetween(
  db: Database,
  userId: number,
  since: Date,
  until: Date,
  kinds: NotificationType[],
) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('project_units as u', 'u.project_unit_id', 'n.project_unit_id')
    .leftJoin('users as a', 'a.user_id', 'n.actor_user_id')
    .select([
      'n.type',
      'n.data',
      'n.root_project_unit_id',
      'n.project_unit_id',
      'u.project_unit_no',
      'u.title',
      sql<string | null>`coalesce(nullif(concat_ws(' ', a.first_name, a.last_name), ''), a.login)`.as('actor'),
    ])
    .where('n.user_id', '=', userId)
    .where('n.created_at', '>=', since)
    .where('n.created_at', '<', until)
    .where('n.type', 'in', kinds)
    .orderBy('n.notification_id')
    .limit(100)
    .execute();
}

/** The users holding an open task of the unit. */
export async function openTaskHolderIds(db: Database, unitId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('tasks')
    .select('user_id')
    .where('project_unit_id', '=', unitId)
    .where('closed_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
