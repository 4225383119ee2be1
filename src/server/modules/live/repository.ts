import { sql } from 'kysely';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import type { PlatformEvent } from '../../platform/events';

/** The events after `afterId` the user might read (the caller filters each), bounded. */
export async function missedEvents(db: Database, user: SessionUser, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('event_id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('tenant_id', '=', user.tenantId),
        sql<boolean>`root_project_unit_id = any(array(select m.root_project_unit_id from members m where m.user_id = ${user.userId}))`,
      ]),
    )
    .orderBy('event_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    eventId: Number(row.event_id),
    type: row.type,
    tenantId: row.tenant_id,
    rootProjectUnitId: row.root_project_unit_id,
    projectUnitId: row.project_unit_id,
    actorUserId: row.actor_user_id,
    subject: { kind: row.subject_kind, id: row.subject_id },
    data: row.data ?? {},
    createdAt: new Date(row.created_at),
  })) as PlatformEvent[];
}

/** The newest event id (a fresh stream starts after it). */
export async function latestEventId(db: Database): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('event_id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** The session still holds (not signed out, not expired, user active) — read without touching it. */
export async function sessionHolds(db: Database, sessionId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .select(['s.created_at', 's.last_seen_at', 'u.deleted_at', 'u.deactivated_at'])
    .where('s.session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null || row.deactivated_at !== null) return false;
  const t = now.getTime();
  return (
    t - new Date(row.last_seen_at).getTime() <= SESSION_IDLE_MS &&
    t - new Date(row.created_at).getTime() <= SESSION_ABSOLUTE_MS
  );
}
