import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/schemas/calendar';
import { hashToken, type SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { renderCalendar, type IcsEvent } from './ics';
import * as repo from './repository';
import { calendarTexts } from './texts';

/** How far back the feed reaches, and how many lots it holds at most. */
const PAST_DAYS = 90;
const MAX_EVENTS = 2000;
/** A feed token: 32 random bytes, base64url. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const base = (ctx: ServiceContext) => ctx.config.publicUrl.replace(/\/$/, '');
const feedUrl = (ctx: ServiceContext, token: string) => `${base(ctx)}/api/calendar/${token}.ics`;

export async function getFeedStatus(ctx: ServiceContext, user: SessionUser): Promise<CalendarFeedStatus> {
  const feed = await repo.findFeed(ctx.db, user.userId);
  return {
    active: !!feed,
    createdAt: feed ? new Date(feed.created_at).toISOString() : null,
    lastUsedAt: feed?.last_used_at ? new Date(feed.last_used_at).toISOString() : null,
  };
}

/** Creates the feed, or replaces its token (the old address answers 404 from now on). */
export async function rotateFeed(ctx: ServiceContext, user: SessionUser): Promise<CalendarFeedCreated> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.replaceFeed(ctx.db, user.userId, hashToken(token), now);
  return { active: true, createdAt: now.toISOString(), lastUsedAt: null, url: feedUrl(ctx, token) };
}

export async function revokeFeed(ctx: ServiceContext, user: SessionUser): Promise<void> {
  await repo.deleteFeed(ctx.db, user.userId);
}

function isoDay(date: Date, offsetDays: number): string {
  const d = new Date(date);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/**
 * `GET /api/calendar/<token>.ics`: the delivery lots of the projects the token's owner may read, one
 * all-day event per lot on its confirmed (else requested) date. Unknown or revoked token: 404.
 */
export async function renderFeed(ctx: ServiceContext, fileName: string): Promise<string> {
  const token = fileName.endsWith('.ics') ? fileName.slice(0, -4) : '';
  if (!tokenPattern.test(token)) throw new AppError('NotFound');
  const tokenHash = hashToken(token);
  const owner = await repo.findFeedOwner(ctx.db, tokenHash);
  if (!owner) throw new AppError('NotFound');
  const now = ctx.clock.now();
  const lots = await repo.findReadableLots(
    ctx.db,
    { userId: owner.user_id, tenantId: owner.tenant_id, isInternal: owner.is_internal, isAdmin: owner.is_admin },
    isoDay(now, -PAST_DAYS),
    MAX_EVENTS,
  );
  // Calendar programs poll often: the last use is written at most once an hour.
  if (!owner.last_used_at || now.getTime() - new Date(owner.last_used_at).getTime() > 60 * 60 * 1000) {
    await repo.touchFeed(ctx.db, tokenHash, now);
  }
  const tx = calendarTexts(owner.language);
  const host = new URL(base(ctx)).host;
  const events: IcsEvent[] = lots.map((l) => {
    const type = l.delivery_type;
    const link = `${base(ctx)}/home/app/project/delivery-overview/${l.root_project_unit_id}`;
    const description = [
      `${tx.deliveryType}: ${tx.type[type]}`,
      `${tx.requested}: ${l.requested_date}`,
      ...(l.confirmed_date ? [`${tx.confirmed}: ${l.confirmed_date}`] : []),
      ...(l.groups ? [`${tx.approvalLots}: ${l.groups}`] : []),
      `${tx.link}: ${link}`,
    ].join('\n');
    return {
      uid: `delivery-lot-${l.delivery_lot_id}@${host}`,
      stamp: new Date(l.updated_at),
      day: l.confirmed_date ?? l.requested_date,
      summary: `${l.project_unit_no} ${l.project_title}: ${l.title}`,
      description,
      url: link,
      status: type === 0 ? 'CONFIRMED' : 'TENTATIVE',
    };
  });
  return renderCalendar(tx.calendarName, events);
}

/** The feed as `text/calendar` (a buffer is sent as it is, without JSON serialisation). */
export async function sendFeed(ctx: ServiceContext, fileName: string, reply: FastifyReply) {
  const body = Buffer.from(await renderFeed(ctx, fileName), 'utf8');
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="planport-deliveries.ics"')
    .header('cache-control', 'private, no-store')
    .send(body);
}
