import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { pruneRateLimitHits } from '../http/rate-limit';
import { SESSION_ABSOLUTE_MS } from '../auth/session';
import { pruneJobRuns, type Job } from '../jobs/runner';
import { pruneWork } from '../jobs/work-items';
import { EVENTS_KEPT_DAYS, pruneEvents } from '../events';
import type { Database } from './database';

/** From this hour (UTC) on, once a day: the quietest hours of a tenant in Central Europe. */
const MAINTENANCE_HOUR_UTC = 3;

/** Vacuums and analyzes every table of the database; returns how long it took (ms). */
export async function vacuumDatabase(db: Database): Promise<number> {
  const started = performance.now();
  await sql`vacuum (analyze)`.execute(db);
  return Math.round(performance.now() - started);
}

/**
 * The embedded database's nightly upkeep. PGlite is one standalone backend without background
 * workers, so PostgreSQL's autovacuum never runs there: without this job the row versions that
 * updates and deletes leave behind are never reclaimed (tables and indexes only grow, and every
 * scan reads the dead rows too) and the planner's statistics stay those of the database's first
 * days. `vacuum (analyze)` holds the one connection while it runs (docs/operations.md gives the
 * time measured at 100,000 units), hence at night. PostgreSQL runs its own autovacuum: no job there.
 */
export function embeddedDatabaseJobs(db: Database, log: FastifyBaseLogger): Job[] {
  return [
    {
      name: 'embedded-database-vacuum',
      runKey: (now) => (now.getUTCHours() >= MAINTENANCE_HOUR_UTC ? now.toISOString().slice(0, 10) : null),
      run: async () => {
        const ms = await vacuumDatabase(db);
        log.info({ ms }, 'embedded database vacuumed and analyzed');
      },
    },
  ];
}

/** Finished scheduled runs are kept this long (for looking back at what ran), then forgotten. */
export const JOB_RUNS_KEPT_DAYS = 30;

/**
 * Nightly on either database: forgets finished scheduled runs, finished background work, finished webhook
 * deliveries and sent mails older than
 * {@link JOB_RUNS_KEPT_DAYS}, rate-limit counts older than a week, sessions past their absolute
 * age and account links used (or, but for invitations, expired) a week ago (a frequent job claims a new run key every few
 * minutes, so these tables would grow without end). Unfinished claims stay: they are how work
 * whose instance died is found and taken over; failed mails stay for the admins to retry.
 */
export function bookkeepingJobs(db: Database, log: FastifyBaseLogger): Job[] {
  return [
    {
      name: 'prune-job-runs',
      runKey: (now) => (now.getUTCHours() >= MAINTENANCE_HOUR_UTC ? now.toISOString().slice(0, 10) : null),
      run: async (now) => {
        const before = new Date(now.getTime() - JOB_RUNS_KEPT_DAYS * 24 * 3600 * 1000);
        await pruneJobRuns(db, before);
        // A key's old windows go when it counts again; keys that never come back go here.
        const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
        await pruneRateLimitHits(db, weekAgo);
        await db.deleteFrom('mail_outbox').where('status', '=', 'sent').where('sent_at', '<', before).execute();
        // Finished background work (done or failed) goes after as long as finished runs; so do
        // finished webhook deliveries (the admin page shows the recent ones).
        await pruneWork(db, before);
        await db
          .deleteFrom('webhook_deliveries')
          .where('status', 'in', ['delivered', 'failed'])
          .where('created_at', '<', before)
          .execute();
        await db
          .deleteFrom('sessions')
          .where('created_at', '<', new Date(now.getTime() - SESSION_ABSOLUTE_MS))
          .execute();
        await db
          .deleteFrom('account_tokens')
          // An unused invitation stays: the users page shows that it ran out.
          .where((eb) =>
            eb.or([
              eb('used_at', '<', weekAgo),
              eb.and([eb('expires_at', '<', weekAgo), eb('purpose', '!=', 'invitation')]),
            ]),
          )
          .execute();
        // Events (and the notifications written from them) are kept 90 days.
        await pruneEvents(db, new Date(now.getTime() - EVENTS_KEPT_DAYS * 24 * 3600 * 1000));
        log.info(
          { before },
          'finished runs, sent mails, webhook deliveries, old counts, sessions, account links and old events pruned',
        );
      },
    },
  ];
}
