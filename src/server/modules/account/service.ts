import { AppError } from '../../../shared/errors';
import type { CurrentUser, LoginRequest } from '../../../shared/schemas/account';
import { languageSchema } from '../../../shared/schemas/common';
import { verifyPassword } from '../../platform/auth/password';
import { createSession, type SessionUser } from '../../platform/auth/session';
import { tooManyAttempts } from '../../platform/http/rate-limit';
import * as repo from './repository';
import type { ServiceContext } from '../../platform/context';
import { createLimiter, type Limiter } from '../../platform/limiter';

/** Failures are counted over this sliding window. */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Free failures before delays start, per client (any login), per account from the same client, and
 * per account from clients it never signed in from. The account's usual clients are not slowed by
 * strangers' failures, so nobody can lock an owner out by guessing their password.
 */
export const SIGN_IN_LIMITS = { client: 20, ownClient: 5, strangers: 10 } as const;
const MAX_DELAY_MS = FAILED_LOGIN_WINDOW_MS;

/** The wait after `n` failures with `free` allowed: 1 s, 2 s, 4 s … up to 15 minutes, from the last failure. */
export function remainingDelayMs(count: repo.FailureCount, free: number, now: Date): number {
  if (count.n < free || !count.last) return 0;
  const delay = Math.min(1000 * 2 ** Math.min(count.n - free, 20), MAX_DELAY_MS);
  return Math.max(0, count.last.getTime() + delay - now.getTime());
}

/**
 * Refusals this instance has learned from the database, until when (ms): per client (`c` + address)
 * and per account from a client (`a` + address + login). A wait follows from past failures only
 * and a refused attempt is not recorded, so until then the database would refuse again: the next
 * attempt is refused here, before any database work or hashing, and a flood from one client costs
 * a map lookup per request. The database stays the authority once a wait has passed; other
 * instances learn on their own first refusal.
 */
const learnedWaits = new WeakMap<ServiceContext, Map<string, number>>();
const MAX_LEARNED_WAITS = 10_000;

function waitsOf(ctx: ServiceContext): Map<string, number> {
  let waits = learnedWaits.get(ctx);
  if (!waits) learnedWaits.set(ctx, (waits = new Map()));
  return waits;
}

function learnWait(ctx: ServiceContext, key: string, until: number, now: number): void {
  const waits = waitsOf(ctx);
  if (waits.size >= MAX_LEARNED_WAITS) {
    for (const [k, at] of waits) if (at <= now) waits.delete(k);
    // Still full: the oldest entries go (they are asked in the database again).
    for (const k of waits.keys()) {
      if (waits.size < MAX_LEARNED_WAITS) break;
      waits.delete(k);
    }
  }
  waits.set(key, until);
}

/** The wait this instance already knows for the client or for the account from it (0: ask the database). */
function learnedWait(ctx: ServiceContext, login: string, clientIp: string, now: number): number {
  const waits = learnedWaits.get(ctx);
  if (!waits) return 0;
  let wait = 0;
  for (const key of [`c${clientIp}`, `a${clientIp}\n${login.toLowerCase()}`]) {
    const until = waits.get(key);
    if (until === undefined) continue;
    if (until <= now) waits.delete(key);
    else wait = Math.max(wait, until - now);
  }
  return wait;
}

async function throttle(
  ctx: ServiceContext,
  login: string,
  clientIp: string,
  now: Date,
  attemptId: number,
): Promise<void> {
  const since = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
  const client = await repo.countClientFailures(ctx.db, clientIp, since, attemptId);
  const account = await repo.countAccountFailures(ctx.db, login, clientIp, since, attemptId);
  const clientWait = remainingDelayMs(client, SIGN_IN_LIMITS.client, now);
  const accountWait = Math.max(
    remainingDelayMs(account.own, SIGN_IN_LIMITS.ownClient, now),
    account.usualClient ? 0 : remainingDelayMs(account.strangers, SIGN_IN_LIMITS.strangers, now),
  );
  const at = now.getTime();
  if (clientWait > 0) learnWait(ctx, `c${clientIp}`, at + clientWait, at);
  if (accountWait > 0) learnWait(ctx, `a${clientIp}\n${login.toLowerCase()}`, at + accountWait, at);
  const wait = Math.max(clientWait, accountWait);
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * Signs a user in and returns the new session token with the user's id. Unknown logins,
 * external-login accounts and wrong passwords get the same answer after the same work (a hash).
 */
export async function signIn(
  ctx: ServiceContext,
  input: LoginRequest,
  userAgent?: string,
  clientIp = 'unknown',
): Promise<{ token: string; userId: number }> {
  // A client (or an account from it) known to be waiting is refused before any database work.
  const known = learnedWait(ctx, input.login, clientIp, ctx.clock.now().getTime());
  if (known > 0) throw tooManyAttempts(known);
  // A flood of sign-ins queues neither on the database nor on the hashing threads: beyond a few
  // at once, the next ones are told to retry, and everyone else's requests keep their pace.
  return ctx.limits.signIns(() => signInNow(ctx, input, userAgent, clientIp));
}

/** Sign-ins this application is working on; more than this many at once answer 429 (none wait). */
export const MAX_SIGN_INS_IN_FLIGHT = 8;

/** The limit of `ctx.limits.signIns`, built once per application in `buildApp`. */
export const signInLimiter = (): Limiter =>
  createLimiter({ concurrency: MAX_SIGN_INS_IN_FLIGHT, queueLimit: 0, full: () => tooManyAttempts(1000) });

async function signInNow(
  ctx: ServiceContext,
  input: LoginRequest,
  userAgent: string | undefined,
  clientIp: string,
): Promise<{ token: string; userId: number }> {
  const now = ctx.clock.now();
  const attemptId = await repo.recordPendingAttempt(ctx.db, input.login, now, clientIp);
  try {
    await throttle(ctx, input.login, clientIp, now, attemptId);
  } catch (error) {
    await repo.forgetAttempt(ctx.db, attemptId);
    throw error;
  }
  const user = await repo.findUserByLogin(ctx.db, input.login);
  // External-login users authenticate at their identity provider only: a hash left from before
  // is never used, and they take the same dummy verification as an unknown login.
  const storedHash = user && user.external_issuer === null ? user.password_hash : null;
  const ok = await verifyPassword(storedHash, input.password);
  if (!user || !ok) throw new AppError('InvalidCredentials');
  await repo.markAttemptSucceeded(ctx.db, attemptId);
  // Told only after the right password, so the message does not reveal accounts.
  if (user.deactivated_at !== null) throw new AppError('NotAllowed', 'ERRORMESSAGES.AccountDeactivated');
  const token = await createSession(ctx.db, user.user_id, now, userAgent, clientIp);
  return { token, userId: user.user_id };
}

/** The fields of the signed-in user, from the session's join or from the user's own row. */
type UserFields = Omit<CurrentUser, 'language'> & { language: string | null };

/** The client's view of a user: one mapping, one language fallback. */
function toCurrentUser(fields: UserFields): CurrentUser {
  const language = languageSchema.safeParse(fields.language);
  return { ...fields, language: language.success ? language.data : 'de' };
}

/**
 * The signed-in user as the client knows it. The session was read with user and tenant in one
 * query (session.ts), so this answers without another one; a user without those fields is read.
 */
export async function currentUserOf(ctx: ServiceContext, user: SessionUser): Promise<CurrentUser> {
  const { tenantName, brandColor, features, hasProfileImage } = user;
  if (tenantName === undefined || brandColor === undefined || features === undefined || hasProfileImage === undefined)
    return getCurrentUser(ctx, user.userId);
  return toCurrentUser({
    userID: user.userId,
    userLogin: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    isInternal: user.isInternal,
    isAdmin: user.isAdmin,
    isExternalLogin: user.isExternalLogin,
    hasProfileImage,
    tenantID: user.tenantId,
    tenantName,
    brandColor,
    salesOrgID: user.salesOrgId,
    features,
  });
}

export async function getCurrentUser(ctx: ServiceContext, userId: number): Promise<CurrentUser> {
  const row = await repo.findCurrentUser(ctx.db, userId);
  if (!row) throw new AppError('Unauthenticated');
  return toCurrentUser({
    userID: row.user_id,
    userLogin: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.language,
    isInternal: row.is_internal,
    isAdmin: row.is_admin,
    isExternalLogin: row.external_issuer !== null,
    hasProfileImage: row.has_profile_image,
    tenantID: row.tenant_id,
    tenantName: row.tenant_name,
    brandColor: row.brand_color,
    salesOrgID: row.sales_org_id,
    features: row.features,
  });
}
