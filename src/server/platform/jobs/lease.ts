import { sql, type RawBuilder } from 'kysely';

/**
 * The one lease and retry schedule of the server's background work (decision 016): the work
 * primitive (`work.ts`: model conversions, mail and webhook deliveries) and the scheduled jobs'
 * runs (`runner.ts`, `job_runs`) both use them:
 * - a running claim is renewed every {@link RENEW_MS}; one not renewed for {@link LEASE_SECONDS}
 *   belongs to a process that died (kill -9, a lost machine) and the next claimer takes it over;
 * - a failure waits {@link retryDelayMs} before the next attempt, and after {@link MAX_ATTEMPTS}
 *   the work is failed with its reason and never taken again.
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
 * Renews a claim every {@link RENEW_MS} while its work runs; returns the stop function. A failed
 * renewal is reported and retried on the next beat (the lease allows three to fail).
 */
export function keepRenewed(renew: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void renew().catch(onError), RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
