import crypto from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { MailDelivery, MailPreferences, NotificationType } from '../../../shared/schemas/notifications';
import { isNotificationType, notificationTypes } from '../../../shared/schemas/notifications';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import type { MailMessage } from '../../platform/mail/mailer';
import * as mailRepo from './mail-repository';
import { recipientsOf, type RecipientEvent } from './writer';

/**
 * The defaults of the mail preferences, by role — the one place they are defined. A kind the user
 * never chose follows these (no row in `mail_preferences`).
 *
 * External users (customers, purchasers, site staff of the customer):
 * - orders and deliveries at once (`order.placed`, `order.confirmed`, `delivery.lot.changed`,
 *   `delivery.confirmed`): dates and orders are what they act on;
 * - being mentioned and being added to a project at once: someone addresses them personally (the
 *   "added" mail is how they first learn of a project);
 * - a review decided on their own drawing at once: a requested revision asks them (an outside
 *   drafting office) to act, with the open topics in the mail;
 * - the rest (tasks, state changes, file versions) in the daily digest.
 *
 * Internal staff:
 * - at once what asks them to act or answers them: a task assigned, a review decided on their
 *   drawing, a mention, being added, an order placed or confirmed and a delivery confirmed (these
 *   mails went out at once before there were preferences);
 * - in the digest what is only good to know: state changes, new file versions to review, delivery
 *   lots changed.
 */
export const DEFAULT_MAIL_DELIVERY: Record<'external' | 'internal', Record<NotificationType, MailDelivery>> = {
  external: {
    'task.assigned': 'digest',
    'unit.state.changed': 'digest',
    'file.version.added': 'digest',
    'review.decided': 'immediately',
    'order.placed': 'immediately',
    'order.confirmed': 'immediately',
    'delivery.lot.changed': 'immediately',
    'delivery.confirmed': 'immediately',
    'member.added': 'immediately',
    mention: 'immediately',
  },
  internal: {
    'task.assigned': 'immediately',
    'unit.state.changed': 'digest',
    'file.version.added': 'digest',
    'review.decided': 'immediately',
    'order.placed': 'immediately',
    'order.confirmed': 'immediately',
    'delivery.lot.changed': 'digest',
    'delivery.confirmed': 'immediately',
    'member.added': 'immediately',
    mention: 'immediately',
  },
};

export type MailRole = { is_internal: boolean; is_admin: boolean };

/** Admins of a tenant count as internal staff. */
export const defaultDelivery = (kind: NotificationType, user: MailRole): MailDelivery =>
  DEFAULT_MAIL_DELIVERY[user.is_internal || user.is_admin ? 'internal' : 'external'][kind];

/** The chosen (else default) delivery of every kind for the given users. */
export async function deliveriesOf(
  db: Database,
  users: (MailRole & { user_id: number })[],
): Promise<Map<number, Record<NotificationType, MailDelivery>>> {
  const out = new Map<number, Record<NotificationType, MailDelivery>>();
  if (users.length === 0) return out;
  const rows = await mailRepo.preferenceRows(
    db,
    users.map((u) => u.user_id),
  );
  for (const u of users) {
    out.set(
      u.user_id,
      Object.fromEntries(notificationTypes.map((k) => [k, defaultDelivery(k, u)])) as Record<
        NotificationType,
        MailDelivery
      >,
    );
  }
  for (const r of rows) {
    const prefs = out.get(r.user_id);
    if (prefs && isNotificationType(r.kind)) prefs[r.kind] = r.delivery;
  }
  return out;
}

export type MailUser = Awaited<ReturnType<typeof mailRepo.mailUsers>>[number] & { to: string };

/** The address a user's mails go to (the login is an address when no other is kept). */
const addressOf = (u: { email: string | null; login: string }): string | null =>
  u.email ?? (u.login.includes('@') ? u.login : null);

/**
 * Who gets the mail of an event at once: its recipients (the notification fan-out, `recipientsOf`:
 * concerned, may read the unit now, not the actor) whose choice for `kind` (default: the event's
 * type) is `immediately` and who have an address. Call it in the transaction of the change.
 */
export async function immediateRecipients(
  trx: Database,
  event: RecipientEvent,
  kind: NotificationType = event.type as NotificationType,
): Promise<MailUser[]> {
  const ids = await recipientsOf(trx, event);
  if (ids.length === 0) return [];
  const users = await mailRepo.mailUsers(trx, ids);
  const prefs = await deliveriesOf(trx, users);
  return users.flatMap((u) => {
    const to = addressOf(u);
    return to && prefs.get(u.user_id)?.[kind] === 'immediately' ? [{ ...u, to }] : [];
  });
}

/** Of the given users (e.g. a mail's existing recipients), those who chose `immediately` for `kind`. */
export async function wantsImmediately(db: Database, userIds: number[], kind: NotificationType): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const users = await mailRepo.mailUsers(db, userIds);
  const prefs = await deliveriesOf(db, users);
  return new Set(users.filter((u) => prefs.get(u.user_id)?.[kind] === 'immediately').map((u) => u.user_id));
}

/** The user's preferences for the settings page: every kind with its choice and its default. */
export async function preferencesOf(ctx: ServiceContext, { userId }: SessionUser): Promise<MailPreferences> {
  const user = await mailRepo.findUser(ctx.db, userId);
  if (!user) throw new AppError('NotFound');
  const prefs = (await deliveriesOf(ctx.db, [user])).get(userId)!;
  return notificationTypes.map((kind) => ({
    kind,
    delivery: prefs[kind],
    defaultDelivery: defaultDelivery(kind, user),
  }));
}

/** Stores the user's choices of the kinds named (one statement; all or nothing). */
export async function savePreferences(
  ctx: ServiceContext,
  user: SessionUser,
  choices: { kind: NotificationType; delivery: MailDelivery }[],
): Promise<void> {
  await mailRepo.upsertPreferences(ctx.db, user.userId, choices, ctx.clock.now());
}

// ---------------------------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058)

/** What an unsubscribe link turns off: one kind, or the daily digest itself. */
export type UnsubscribeKind = NotificationType | 'digest';

const isUnsubscribeKind = (value: string): value is UnsubscribeKind => value === 'digest' || isNotificationType(value);

function tokenKey(secretKey: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secretKey, 'planport', 'mail-unsubscribe-v1', 32));
}

/**
 * The token of an unsubscribe link: `<user id>.<kind>.<HMAC-SHA256 of both>` (base64url). It
 * proves the link was made for that user and that kind; no session is needed, and it cannot be
 * guessed or moved to another user or kind without the server's key.
 */
export function unsubscribeToken(secretKey: string, userId: number, kind: UnsubscribeKind): string {
  const payload = `${userId}.${kind}`;
  const mac = crypto.createHmac('sha256', tokenKey(secretKey)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The user and kind of a genuine token; null for anything else. */
export function readUnsubscribeToken(
  secretKey: string,
  token: string,
): { userId: number; kind: UnsubscribeKind } | null {
  const match = /^(\d{1,10})\.([a-z.]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2]!;
  if (!Number.isSafeInteger(userId) || !isUnsubscribeKind(kind)) return null;
  const expected = Buffer.from(unsubscribeToken(secretKey, userId, kind));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { userId, kind } : null;
}

/** A genuine link's user, kind and the user's language; null for a forged link or a user who no longer exists. */
export async function readUnsubscribeLink(
  ctx: ServiceContext,
  token: string,
): Promise<{ userId: number; kind: UnsubscribeKind; language: string } | null> {
  const proof = readUnsubscribeToken(ctx.config.secretKey, token);
  const language = proof && (await mailRepo.findUser(ctx.db, proof.userId))?.language;
  return proof && language ? { ...proof, language } : null;
}

/** The RFC 8058 headers of a mail to `userId` about `kind`. */
export function unsubscribeHeaders(
  config: { publicUrl: string; secretKey: string },
  userId: number,
  kind: UnsubscribeKind,
): NonNullable<MailMessage['headers']> {
  const link = unsubscribeLink(config, userId, kind);
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function unsubscribeLink(
  config: { publicUrl: string; secretKey: string },
  userId: number,
  kind: UnsubscribeKind,
): string {
  const token = unsubscribeToken(config.secretKey, userId, kind);
  return `${config.publicUrl.replace(/\/$/, '')}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Turns off what the link names, for its user only: one kind (`off`), or the daily digest (the
 * task overview and every kind that was to come in it). Returns the user's language, or null when
 * the user no longer exists.
 */
export async function unsubscribe(
  ctx: ServiceContext,
  { userId, kind }: { userId: number; kind: UnsubscribeKind },
): Promise<{ language: string } | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await mailRepo.findUser(trx, userId);
    if (!user) return null;
    if (kind === 'digest') {
      const prefs = (await deliveriesOf(trx, [user])).get(userId)!;
      const inDigest = notificationTypes.filter((k) => prefs[k] === 'digest');
      await mailRepo.upsertPreferences(
        trx,
        userId,
        inDigest.map((k) => ({ kind: k, delivery: 'off' as const })),
        now,
      );
      await mailRepo.turnOffDailyMail(trx, userId);
    } else {
      await mailRepo.upsertPreferences(trx, userId, [{ kind, delivery: 'off' }], now);
    }
    return { language: user.language };
  });
}
