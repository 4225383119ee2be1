import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { keepRenewed, MAX_ATTEMPTS } from './lease';
import {
  claimWork,
  completeWork,
  expirePredecessorClaims,
  failAbandonedWork,
  failWork,
  releaseWork,
  renewWork,
  type WorkItem,
} from './work-items';

/**
 * The one background-work primitive (decision 016, docs/decisions/016-one-background-work-primitive.md): rows of `work_items`, written in the
 * transaction of the change that causes them (`enqueueWork`, work-items.ts), claimed in fair turns with a
 * lease that the claimer renews, retried after growing delays, failed with their reason after
 * the kind's last attempt, and taken over when their claimer died (the lease ran out).
 *
 * Usage:
 * ```ts
 * ctx.work.register('webhook.deliver', { concurrency: 2, maxAttempts: 8, handler: async (item, signal) => … });
 * await db.transaction().execute(async (trx) => {
 *   …the change…
 *   await enqueueWork(trx, { kind: 'webhook.deliver', tenantId, userId, payload: { hookId, eventId } });
 * });
 * ctx.work.nudge('webhook.deliver'); // optional: claim now instead of at the next poll
 * ```
 */

export type WorkKind<P = Record<string, unknown>> = {
  /** How many items of this kind one instance works on at once. */
  concurrency: number;
  /** Attempts before the item is failed with the last error (default {@link MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Waits after the 1st, 2nd, … failed attempt (default: lease.ts's growing delays). */
  retryDelaysMs?: readonly number[];
  /**
   * Does the work. Resolving marks the item done; throwing retries it after a delay (or fails it
   * after the last attempt); throwing {@link PermanentWorkError} fails it at once. `signal` aborts
   * when the instance stops: the claim is then given back, not counted as a failure.
   */
  handler(item: WorkItem<P>, signal: AbortSignal): Promise<void>;
  /**
   * Called once when an item is failed for good (last attempt, permanent error, or its claimers
   * died on every attempt: `reason` 'interrupted'), e.g. to record the failure where users see it.
   */
  onFailed?(item: Omit<WorkItem<P>, 'attempt' | 'maxAttempts'>, reason: string): Promise<void>;
};

/** A failure that another attempt cannot fix (e.g. an unreadable file): failed at once with `reason`. */
export class PermanentWorkError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The background-work loop of one application instance; lives in the service context
 * (`ctx.work`), so its state (registered kinds, running items) belongs to that application.
 */
export type WorkQueue = {
  /** Registers the handler of a kind (once per kind); work of it is claimed from then on. */
  register<P = Record<string, unknown>>(kind: string, definition: WorkKind<P>): void;
  /** True when a handler for `kind` is registered on this instance. */
  registered(kind: string): boolean;
  /** Claims due work now (after a commit that enqueued some) instead of at the next poll. */
  nudge(kind?: string): void;
  /** Claims and runs due work until none is due or the slots are full; resolves when all it started is done. */
  drain(kind?: string): Promise<void>;
  /** Polls every `intervalMs` (and takes over work of dead claimers); on the embedded database, takes the predecessor's claims at once. */
  start(options?: { intervalMs?: number; embedded?: boolean }): Promise<void>;
  /** Stops claiming, aborts running handlers and gives their claims back. */
  stop(): Promise<void>;
  readonly instance: string;
};

export function createWorkQueue(options: {
  db: Database;
  log: FastifyBaseLogger;
  instance?: string;
  /** How long `stop` waits for aborted handlers before it gives their claims back itself. */
  stopGraceMs?: number;
}): WorkQueue {
  const { db, log } = options;
  const instance = options.instance ?? `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const kinds = new Map<
    string,
    { def: WorkKind; active: Set<Promise<void>>; filling: Promise<void> | null; again: boolean }
  >();
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function runOne(kind: string, def: WorkKind, item: WorkItem): Promise<void> {
    const stopRenewing = keepRenewed(
      async () => {
        if (!(await renewWork(db, item.workId, instance))) log.warn({ kind, workId: item.workId }, 'work claim lost');
      },
      (err) => log.warn({ err, kind, workId: item.workId }, 'work claim not renewed'),
    );
    try {
      await def.handler(item, abort.signal);
      await completeWork(db, item.workId, instance);
    } catch (err) {
      if (stopped) {
        await releaseWork(db, instance, item.workId).catch(() => undefined);
        return;
      }
      const permanent = err instanceof PermanentWorkError;
      const message = permanent ? err.reason : err instanceof Error ? err.message : String(err);
      const status = await failWork(db, item.workId, instance, message, {
        permanent,
        retryDelaysMs: def.retryDelaysMs,
      }).catch((e: unknown) => {
        log.error({ err: e, kind, workId: item.workId }, 'recording a failed attempt failed');
        return null;
      });
      log.warn({ err, kind, workId: item.workId, attempt: item.attempt, status }, 'work attempt failed');
      if (status === 'failed') await reportFailed(def, item, message);
    } finally {
      stopRenewing();
    }
  }

  async function reportFailed(
    def: WorkKind | undefined,
    item: Omit<WorkItem, 'attempt' | 'maxAttempts'>,
    reason: string,
  ) {
    if (!def?.onFailed) return;
    await def
      .onFailed(item, reason)
      .catch((err: unknown) =>
        log.error({ err, kind: item.kind, workId: item.workId }, 'recording failed work failed'),
      );
  }

  /** Fills the free slots of a kind with due work; each finished item frees its slot and fills again. */
  function fill(kind: string): Promise<void> {
    const entry = kinds.get(kind);
    if (!entry || stopped) return Promise.resolve();
    if (entry.filling) {
      entry.again = true;
      return entry.filling;
    }
    entry.filling = (async () => {
      do {
        entry.again = false;
        while (!stopped && entry.active.size < entry.def.concurrency) {
          const item = await claimWork(db, kind, instance, entry.def.maxAttempts ?? MAX_ATTEMPTS);
          if (!item) break;
          const run: Promise<void> = runOne(kind, entry.def, item).finally(() => {
            entry.active.delete(run);
            if (!stopped) void fill(kind).catch((err: unknown) => log.error({ err, kind }, 'claiming work failed'));
          });
          entry.active.add(run);
        }
      } while (entry.again && !stopped);
    })().finally(() => {
      entry.filling = null;
    });
    return entry.filling;
  }

  async function poll(): Promise<void> {
    try {
      const failed = await failAbandonedWork(db);
      if (failed.length) {
        log.warn({ workIds: failed.map((f) => f.workId) }, 'work failed after its claimers died on every attempt');
        for (const item of failed) await reportFailed(kinds.get(item.kind)?.def, item, 'interrupted');
      }
    } catch (err) {
      if (!stopped) log.error({ err }, 'looking for abandoned work failed');
    }
    await Promise.all(
      [...kinds.keys()].map((kind) =>
        fill(kind).catch((err: unknown) => {
          if (!stopped) log.error({ err, kind }, 'claiming work failed');
        }),
      ),
    );
  }

  async function settle(kind?: string): Promise<void> {
    for (;;) {
      const entries = kind ? [kinds.get(kind)].filter((e) => e !== undefined) : [...kinds.values()];
      const pending = entries.flatMap((e) => [...e.active, ...(e.filling ? [e.filling] : [])]);
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  return {
    instance,
    registered: (kind) => kinds.has(kind),
    register(kind, definition) {
      if (kinds.has(kind)) throw new Error(`work kind ${kind} is registered twice`);
      if (!(definition.concurrency >= 1)) throw new Error(`work kind ${kind} needs a concurrency of at least 1`);
      kinds.set(kind, { def: definition as WorkKind, active: new Set(), filling: null, again: false });
      if (timer) void fill(kind);
    },
    nudge(kind) {
      if (stopped) return;
      if (kind) void fill(kind).catch((err: unknown) => log.error({ err, kind }, 'claiming work failed'));
      else void poll();
    },
    async drain(kind) {
      if (kind) await fill(kind);
      else await poll();
      await settle(kind);
    },
    async start({ intervalMs = 2000, embedded = false } = {}) {
      if (timer || stopped) return;
      if (embedded) await expirePredecessorClaims(db);
      timer = setInterval(() => void poll(), intervalMs);
      timer.unref();
      void poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      abort.abort();
      const running = [...kinds.values()].flatMap((e) => [...e.active, ...(e.filling ? [e.filling] : [])]);
      await Promise.race([
        Promise.allSettled(running),
        new Promise((r) => setTimeout(r, options.stopGraceMs ?? 5_000).unref()),
      ]);
      // A handler still busy after the grace (a worker slow to end) gives its claim back here,
      // while the database is still open, so the next instance need not wait out the lease.
      await releaseWork(db, instance).catch((err: unknown) => log.warn({ err }, 'giving back claims failed'));
    },
  };
}
