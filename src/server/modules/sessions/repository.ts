import { sessionsEnded } from '../../platform/auth/session-ends';
import type { Database } from '../../platform/db/database';

/** The user's sessions still within the idle and absolute limits, newest activity first. */
export function listLiveSessions(db: Database, userId: number, idleSince: Date, createdSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['session_id', 'user_agent', 'client_ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('last_seen_at', '>=', idleSince)
    .where('created_at', '>=', createdSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('session_id')
    .execute();
}

export async function deleteSessionOf(db: Database, userId: number, sessionId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  sessionsEnded(userId);
  return Number(res.numDeletedRows) > 0;
}

/** Ends every session of the user except `keep` (a session id); returns how many ended. */
export async function deleteSessionsOf(db: Database, userId: number, keep?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) q = q.where('session_id', '<>', keep);
  const res = await q.executeTakeFirst();
  sessionsEnded(userId);
  return Number(res.numDeletedRows);
}

export function findTenantUser(db: Database, tenantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['user_id', 'login'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
