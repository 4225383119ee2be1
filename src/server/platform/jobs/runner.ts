import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { keepRenewed, LEASE_MS } from './lease';

/**
 * A scheduled job. `runKey` names the run due at `now` (e.g. the day for a daily job, the
 * five-minute slot for a frequent one) or null when nothing is due. Each run key is claimed by
 * exactly one instance through the primary key of `job_runs`, so several server instances on
 * one database run each job once. A run that fails gives its claim back, so the next tick
 * retries it; a claim whose instance died mid-run (no longer renewed) is taken over once its lease has expired
 * (platform/jobs/lease.ts).
 */
export type Job = {
  name: string;
  runKey(now: Date): string | null;
  run(now: Date): Promise<void>;
};

export type JobRunner = {
  /** Runs every due job once (claimed runs only); resolves when done. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
};

export async function claimRun(
  db: Database,
  job: string,
  runKey: string,
  instance: string,
  now: Date,
): Promise<boolean> {
  const expired = new Date(now.getTime() - LEASE_MS);
  const row = await db
    .insertInto('job_runs')
    .values({ job_name: job, run_key: runKey, claimed_by: instance, claimed_at: now })
    .onConflict((oc) =>
      oc
        .columns(['job_name', 'run_key'])
        .doUpdateSet({ claimed_by: instance, claimed_at: now })
        .where('job_runs.finished_at', 'is', null)
        .where('job_runs.claimed_at', '<', expired),
    )
    .returning('run_key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives an unfinished claim back, so the run is retried. */
async function releaseRun(db: Database, job: string, runKey: string, instance: string): Promise<void> {
  await db
    .deleteFrom('job_runs')
    .where('job_name', '=', job)
    .where('run_key', '=', runKey)
    .where('claimed_by', '=', instance)
    .where('finished_at', 'is', null)
    .execute();
}

export function createJobRunner(options: {
  db: Database;
  clock: Clock;
  jobs: Job[];
  log: FastifyBaseLogger;
  intervalMs?: number;
  instance?: string;
}): JobRunner {
  const instance = options.instance ?? `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  let running: Promise<string[]> | undefined;
  let stopped = false;

  async function tickOnce(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of options.jobs) {
      const now = options.clock.now();
      const key = job.runKey(now);
      if (!key) continue;
      let claimed = false;
      try {
        claimed = await claimRun(options.db, job.name, key, instance, now);
        if (!claimed) continue;
        // The claim is renewed while the job runs; a claim no longer renewed outlives its lease.
        const stopRenewing = keepRenewed(
          () =>
            options.db
              .updateTable('job_runs')
              .set({ claimed_at: options.clock.now() })
              .where('job_name', '=', job.name)
              .where('run_key', '=', key)
              .where('claimed_by', '=', instance)
              .execute(),
          (err) => options.log.warn({ err, job: job.name, runKey: key }, 'job claim not renewed'),
        );
        try {
          await job.run(now);
        } finally {
          stopRenewing();
        }
        await options.db
          .updateTable('job_runs')
          .set({ finished_at: options.clock.now() })
          .where('job_name', '=', job.name)
          .where('run_key', '=', key)
          .execute();
        ran.push(`${job.name}:${key}`);
      } catch (err) {
        options.log.error({ err, job: job.name, runKey: key }, 'scheduled job failed');
        if (claimed) {
          await releaseRun(options.db, job.name, key, instance).catch((releaseErr: unknown) =>
            options.log.error({ err: releaseErr, job: job.name, runKey: key }, 'releasing a job claim failed'),
          );
        }
      }
    }
    return ran;
  }

  const tick = () => {
    running ??= tickOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = options.intervalMs
    ? setInterval(() => {
        if (!stopped) void tick();
      }, options.intervalMs)
    : undefined;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** Forgets finished runs older than `days` (keeps the table small). */
export async function pruneJobRuns(db: Database, before: Date): Promise<void> {
  await db
    .deleteFrom('job_runs')
    .where('claimed_at', '<', before)
    .where(sql<boolean>`finished_at is not null`)
    .execute();
}
