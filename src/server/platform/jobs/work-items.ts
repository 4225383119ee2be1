import { sql } from 'kysely';
import type { Database } from '../db/database';
import { LEASE_SECONDS, leaseExpired, MAX_ATTEMPTS, retryDelayMs, RETRY_DELAYS_MS } from './lease';

/**
 * The rows of `work_items` (decision 016): written in the transaction of the change that causes
 * them, claimed in fair turns with a lease, renewed, completed, retried, failed or given back.
 * The loop that claims and runs them is work.ts.
 */

export type WorkItem<P = Record<string, unknown>> = {
  workId: number;
  kind: string;
  tenantId: number | null;
  userId: number | null;
  payload: P;
  /** This claim's attempt, counting from 1. */
  attempt: number;
  maxAttempts: number;
};

export type NewWork = {
  kind: string;
  /** The shares work is claimed fairly by (null: the instance's own work, e.g. maintenance). */
  tenantId: number | null;
  userId: number | null;
  payload?: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAfter?: Date;
  /** While an unfinished item of the kind has this key, enqueueing it again adds nothing. */
  dedupeKey?: string;
  /** Overrides the kind's attempt limit for this item. */
  maxAttempts?: number;
};

/** The longest stored error text. */
const MAX_ERROR = 500;

/**
 * Writes a piece of work. Pass the transaction of the change that causes it: the work exists
 * exactly when the change does. Returns its id, or null when an unfinished item with the same
 * dedupe key already waits.
 */
export async function enqueueWork(trx: Database, work: NewWork): Promise<number | null> {
  const row = await trx
    .insertInto('work_items')
    .values({
      kind: work.kind,
      tenant_id: work.tenantId,
      user_id: work.userId,
      payload: JSON.stringify(work.payload ?? {}),
      max_attempts: work.maxAttempts ?? 0,
      run_after: work.runAfter ?? sql<Date>`now()`,
      dedupe_key: work.dedupeKey ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'dedupe_key'])
        .where('dedupe_key', 'is not', null)
        .where('finished_at', 'is', null)
        .doNothing(),
    )
    .returning('work_id')
    .executeTakeFirst();
  return row ? row.work_id : null;
}

/**
 * Claims the next due item of `kind` for `instance`, or undefined. Due are waiting items whose
 * time has come and running items whose claimer stopped renewing (lease expired). Turns are
 * fair: the tenant whose work of this kind was claimed longest ago (never: first), then likewise
 * the user within it, then the oldest item — round-robin, not first-come first-served.
 */
export async function claimWork(
  db: Database,
  kind: string,
  instance: string,
  defaultMaxAttempts = MAX_ATTEMPTS,
): Promise<WorkItem | undefined> {
  const { rows } = await sql<{
    work_id: number;
    tenant_id: number | null;
    user_id: number | null;
    payload: Record<string, unknown> | string;
    attempts: number;
    max_attempts: number;
  }>`
    update work_items set status = 'running', attempts = attempts + 1, claimed_by = ${instance},
      claimed_at = clock_timestamp(), renewed_at = clock_timestamp(),
      max_attempts = case when max_attempts > 0 then max_attempts else ${defaultMaxAttempts}::int end
    where work_id = (
      select w.work_id from work_items w
      where w.kind = ${kind}
        and ((w.status = 'waiting' and w.run_after <= now())
          or (w.status = 'running' and ${leaseExpired(sql.ref('w.renewed_at'))}
            and w.attempts < case when w.max_attempts > 0 then w.max_attempts else ${defaultMaxAttempts}::int end))
      order by
        (select max(x.claimed_at) from work_items x
          where x.kind = w.kind and x.tenant_id is not distinct from w.tenant_id) asc nulls first,
        (select max(x.claimed_at) from work_items x
          where x.kind = w.kind and x.tenant_id is not distinct from w.tenant_id
            and x.user_id is not distinct from w.user_id) asc nulls first,
        w.work_id asc
      limit 1
      for update skip locked)
    returning work_id, tenant_id, user_id, payload, attempts, max_attempts`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    workId: Number(row.work_id),
    kind,
    tenantId: row.tenant_id,
    userId: row.user_id,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

/** Keeps a claim alive; false when it is no longer this instance's (taken over after its lease). */
export async function renewWork(db: Database, workId: number, instance: string): Promise<boolean> {
  const row = await db
    .updateTable('work_items')
    .set({ renewed_at: sql<Date>`clock_timestamp()` })
    .where('work_id', '=', workId)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instance)
    .returning('work_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a claimed item done. */
export async function completeWork(db: Database, workId: number, instance: string): Promise<boolean> {
  const row = await db
    .updateTable('work_items')
    .set({ status: 'done', finished_at: sql<Date>`now()`, last_error: null })
    .where('work_id', '=', workId)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instance)
    .returning('work_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a failed attempt: the item waits `retryDelayMs(attempts)` and is claimed again, or is
 * failed with `error` after its last attempt (or at once when `permanent`). Returns the new status.
 */
export async function failWork(
  db: Database,
  workId: number,
  instance: string,
  error: string,
  options: { permanent?: boolean; retryDelaysMs?: readonly number[] } = {},
): Promise<'waiting' | 'failed' | null> {
  const current = await db
    .selectFrom('work_items')
    .select(['attempts', 'max_attempts'])
    .where('work_id', '=', workId)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instance)
    .executeTakeFirst();
  if (!current) return null;
  const gaveUp = options.permanent === true || current.attempts >= current.max_attempts;
  const delaySeconds = retryDelayMs(current.attempts, options.retryDelaysMs ?? RETRY_DELAYS_MS) / 1000;
  await db
    .updateTable('work_items')
    .set({
      status: gaveUp ? 'failed' : 'waiting',
      last_error: error.slice(0, MAX_ERROR),
      finished_at: gaveUp ? sql<Date>`now()` : null,
      run_after: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
      renewed_at: null,
    })
    .where('work_id', '=', workId)
    .where('claimed_by', '=', instance)
    .where('status', '=', 'running')
    .execute();
  return gaveUp ? 'failed' : 'waiting';
}

/**
 * Gives claims of a stopping instance back uncounted: the item waits again for any claimer. One
 * item (`workId`), or every claim the instance still holds.
 */
export async function releaseWork(db: Database, instance: string, workId?: number): Promise<void> {
  let update = db
    .updateTable('work_items')
    .set({ status: 'waiting', attempts: sql<number>`greatest(attempts - 1, 0)`, renewed_at: null })
    .where('status', '=', 'running')
    .where('claimed_by', '=', instance);
  if (workId !== undefined) update = update.where('work_id', '=', workId);
  await update.execute();
}

/**
 * Fails the running items whose claimer died on their last attempt (lease expired, no attempts
 * left): taking them again would only stop the next instance too. Returns their ids.
 */
export async function failAbandonedWork(
  db: Database,
  defaultMaxAttempts = MAX_ATTEMPTS,
): Promise<Omit<WorkItem, 'attempt' | 'maxAttempts'>[]> {
  const rows = await db
    .updateTable('work_items')
    .set({ status: 'failed', finished_at: sql<Date>`now()`, last_error: 'interrupted' })
    .where('status', '=', 'running')
    .where(leaseExpired(sql.ref('renewed_at')))
    .where(sql<boolean>`attempts >= case when max_attempts > 0 then max_attempts else ${defaultMaxAttempts}::int end`)
    .returning(['work_id', 'kind', 'tenant_id', 'user_id', 'payload'])
    .execute();
  return rows.map((r) => ({
    workId: Number(r.work_id),
    kind: r.kind,
    tenantId: r.tenant_id,
    userId: r.user_id,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
  }));
}

/**
 * At the start of a server on the embedded database, which no other process can open: running
 * items belong to this database's previous process, which is gone. Their leases are made to run
 * out at once (the attempt stays counted), so they are taken over without waiting a lease.
 */
export async function expirePredecessorClaims(db: Database): Promise<void> {
  await db
    .updateTable('work_items')
    .set({ renewed_at: sql<Date>`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
    .where('status', '=', 'running')
    .execute();
}

/** Forgets finished (done or failed) items that finished before `before` (nightly). */
export async function pruneWork(db: Database, before: Date): Promise<number> {
  const rows = await db
    .deleteFrom('work_items')
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', before)
    .returning('work_id')
    .execute();
  return rows.length;
}

/** Waiting and running items per kind (metrics). */
export async function workQueueDepth(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('work_items')
    .select(['kind', sql<number>`count(*)::int`.as('n')])
    .where('status', 'in', ['waiting', 'running'])
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}
