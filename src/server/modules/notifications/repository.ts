import { sql } from 'kysely';
import type { NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../platform/db/database';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';

/**
 * Of the given users, those who may read the root project now: members of it, or internal users
 * and admins of its tenant — the rule of `accessOf` (platform/access.ts), for many users at once.
 * Deactivated and deleted accounts get nothing.
 */
export async function readersOfRoot(trx: Database, rootId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .selectFrom('users as usr')
    .innerJoin('project_units as r', (j) => j.on('r.project_unit_id', '=', rootId))
    .select('usr.user_id')
    .where('usr.user_id', 'in', userIds)
    .where('usr.deleted_at', 'is', null)
    .where('usr.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('members as m')
            .select(sql`1`.as('one'))
            .whereRef('m.root_project_unit_id', '=', 'r.project_unit_id')
            .whereRef('m.user_id', '=', 'usr.user_id'),
        ),
        eb.and([
          eb('usr.tenant_id', '=', eb.ref('r.tenant_id')),
          eb.or([eb('usr.is_internal', '=', true), eb('usr.is_admin', '=', true)]),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

export async function memberIds(trx: Database, rootId: number, role?: string): Promise<number[]> {
  let q = trx.selectFrom('members').select('user_id').where('root_project_unit_id', '=', rootId);
  if (role) q = q.where(sql<boolean>`${role} = any(role_keys)`);
  return (await q.execute()).map((r) => r.user_id);
}

/** Who uploaded a version of a file still on the unit (whose drawing a review decides on). */
export async function uploaderIds(trx: Database, unitId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('project_file_versions as v')
    .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
    .select('v.uploaded_by')
    .distinct()
    .where('f.project_unit_id', '=', unitId)
    .where('f.deleted_at', 'is', null)
    .where('v.uploaded_by', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.uploaded_by === null ? [] : [r.uploaded_by]));
}

export async function insertNotifications(
  trx: Database,
  rows: {
    tenant_id: number;
    user_id: number;
    event_id: number;
    type: NotificationType;
    root_project_unit_id: number | null;
    project_unit_id: number | null;
    actor_user_id: number | null;
    data: string;
    created_at: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('notifications').values(rows).execute();
}

/** The user's notifications with their unit (only while the user may still read it) and actor. */
export function notificationListBase(db: Database, user: SessionUser) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('project_units as u', 'u.project_unit_id', 'n.project_unit_id')
    .leftJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .leftJoin('users as a', 'a.user_id', 'n.actor_user_id')
    .select((eb) => [
      'n.notification_id',
      'n.type',
      'n.created_at',
      'n.read_at',
      'n.data',
      'n.actor_user_id',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      'a.login as actor_login',
      'u.project_unit_id',
      'u.root_project_unit_id',
      'u.project_unit_no',
      'u.title',
      'u.project_unit_type',
      eb
        .case()
        .when('r.project_unit_id', 'is', null)
        .then(false)
        .else(readableRootSql(user, 'r.project_unit_id', 'r.tenant_id'))
        .end()
        .as('readable'),
    ])
    .where('n.user_id', '=', user.userId);
}

export async function countUnread(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Database, userId: number, notificationId: number | null, now: Date) {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (notificationId !== null) q = q.where('notification_id', '=', notificationId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export async function notificationExists(db: Database, userId: number, notificationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('notification_id')
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
