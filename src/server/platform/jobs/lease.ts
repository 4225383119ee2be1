import { sql, type RawBuilder } from 'kysely';

/**
 * The one claim rule of the server's background work (decision 016): scheduled jobs (`job_runs`),
 * the mail outbox (`mail_outbox`) and model conversions (`file_conversions`) each keep their own
 * rows, and all claim them the same way:
 * - a claim is a conditional write (insert-or-update or update … where still free), so two
 *   instances never take the same work;
 * - a running claim is renewed every {@link RENEW_MS}; one not renewed for {@link LEASE_SECONDS}
 *   belongs to a process that died (kill -9, a lost machine) and the next claimer takes it over;
 * - every claim counts an attempt; a failure waits {@link retryDelayMs} before the next one, and
 *   after {@link MAX_ATTEMPTS} the work is failed with its reason and never taken again;
 * - waiting work is taken in fair turns: the tenant (then the user) served longest ago goes first
 *   ({@link fairTurns}), so one user's fifty models delay another tenant's one by a single turn.
 */
export const LEASE_SECONDS = 120;
export const LEASE_MS = LEASE_SECONDS * 1000;

/** How often a running claim is renewed (a quarter of the lease: three renewals may fail). */
export const RENEW_MS = 30_000;

/** Waits before the next attempt after the 1st, 2nd, … failed one. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 4 * 3_600_000, 12 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after `attempts` failed attempts (the last delay repeats). */
export function retryDelayMs(attempts: number, delays: readonly number[] = RETRY_DELAYS_MS): number {
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 0;
}

/** True (SQL) when a claim renewed at `renewedAt` has outlived its lease, by the database's clock. */
export function leaseExpired(renewedAt: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`${renewedAt} < now() - make_interval(secs => ${LEASE_SECONDS})`;
}

/**
 * The order of fair turns for waiting work: the tenant whose work was claimed longest ago (never:
 * first), then likewise the user within it, then the oldest work. `lastClaim(scope)` gives the
 * latest claim time of a tenant's (or a user's) work, as SQL.
 */
export function fairTurns(
  lastClaimOfTenant: RawBuilder<unknown>,
  lastClaimOfUser: RawBuilder<unknown>,
  age: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`${lastClaimOfTenant} asc nulls first, ${lastClaimOfUser} asc nulls first, ${age} asc`;
}

/**
 * Renews a claim every {@link RENEW_MS} while its work runs; returns the stop function. A failed
 * renewal is reported and retried on the next beat (the lease allows three to fail).
 */
export function keepRenewed(renew: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void renew().catch(onError), RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
