import { AppError } from '../../../shared/errors';
import type { UserSession } from '../../../shared/schemas/sessions';
import { requireAccess } from '../../platform/access';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as repo from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The signed-in user's own live sessions; the asking browser's is marked. */
export async function listOwnSessions(ctx: ServiceContext, user: SessionUser): Promise<{ data: UserSession[] }> {
  const now = ctx.clock.now().getTime();
  const rows = await repo.listLiveSessions(
    ctx.db,
    user.userId,
    new Date(now - SESSION_IDLE_MS),
    new Date(now - SESSION_ABSOLUTE_MS),
  );
  return {
    data: rows.map((r) => ({
      sessionID: r.session_id,
      userAgent: r.user_agent,
      clientAddress: r.client_ip,
      signedInAt: iso(r.created_at),
      lastSeenAt: iso(r.last_seen_at),
      current: r.session_id === user.sessionId,
    })),
  };
}

/** Ends one of the user's own sessions; another user's session is not found (404). */
export async function endOwnSession(ctx: ServiceContext, user: SessionUser, sessionId: string): Promise<void> {
  if (!(await repo.deleteSessionOf(ctx.db, user.userId, sessionId))) throw new AppError('NotFound');
}

/** Ends every session of the user but the asking one. */
export async function endOtherSessions(ctx: ServiceContext, user: SessionUser): Promise<{ ended: number }> {
  return { ended: await repo.deleteSessionsOf(ctx.db, user.userId, user.sessionId) };
}

/** A tenant admin ends all sessions of a user of the own tenant (404 for any other user). */
export async function endUserSessions(
  ctx: ServiceContext,
  admin: SessionUser,
  userId: number,
): Promise<{ ended: number }> {
  await requireAccess(ctx.db, admin, { permission: 'admin' });
  const target = await repo.findTenantUser(ctx.db, admin.tenantId, userId);
  if (!target) throw new AppError('NotFound');
  // The admin's own browser stays signed in when the admin ends their own sessions.
  const ended = await repo.deleteSessionsOf(ctx.db, userId, userId === admin.userId ? admin.sessionId : undefined);
  ctx.log.info(
    { event: 'sessions-ended', byUserId: admin.userId, userId, tenantId: admin.tenantId, ended },
    'an admin ended the sessions of a user',
  );
  return { ended };
}
