import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createManualClock } from '../clock';
import { createJobRunner } from '../jobs/runner';
import { migrateToLatest } from './migrate';
import { createDatabase, type Database } from './database';
import { bookkeepingJobs, embeddedDatabaseJobs } from './maintenance-job';
import { getTestDatabase } from '../../test/database';

const logged: unknown[] = [];
const log = { info: (o: unknown) => logged.push(o), error: () => undefined } as unknown as FastifyBaseLogger;

const size = async (db: Database) =>
  (await sql<{ bytes: number }>`select pg_relation_size('upkeep_probe')::int as bytes`.execute(db)).rows[0]!.bytes;
const analyzed = async (db: Database) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'upkeep_probe'`.execute(db))
    .rows[0]!.n;

describe('embedded database upkeep', () => {
  // A database of its own: the job vacuums every table of the database it is given.
  let db: Database;
  beforeAll(async () => {
    db = await createDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
    await sql`create table upkeep_probe (id int primary key, note text)`.execute(db);
    await sql`insert into upkeep_probe select g, repeat('x', 200) from generate_series(1, 5000) g`.execute(db);
    await sql`delete from upkeep_probe`.execute(db);
  });
  afterAll(() => db.destroy());

  it('vacuums and analyzes every night from 03:00 UTC, once a day: deleted rows give their space back', async () => {
    expect(await size(db)).toBeGreaterThan(1_000_000);
    expect(await analyzed(db)).toBe(0);
    const clock = createManualClock(new Date('2026-12-01T02:59:00Z'));
    const runner = createJobRunner({ db, clock, log, jobs: embeddedDatabaseJobs(db, log) });
    expect(await runner.tick()).toEqual([]);
    expect(await size(db)).toBeGreaterThan(1_000_000);

    clock.set(new Date('2026-12-01T03:00:00Z'));
    expect(await runner.tick()).toEqual(['embedded-database-vacuum:2026-12-01']);
    // The empty pages at the table's end are cut off; the statistics exist.
    expect(await size(db)).toBe(0);
    await sql`insert into upkeep_probe select g, 'y' from generate_series(1, 100) g`.execute(db);
    clock.set(new Date('2026-12-01T23:00:00Z'));
    expect(await runner.tick()).toEqual([]);
    expect(await analyzed(db)).toBe(0);
    clock.set(new Date('2026-12-02T03:10:00Z'));
    expect(await runner.tick()).toEqual(['embedded-database-vacuum:2026-12-02']);
    expect(await analyzed(db)).toBeGreaterThan(0);
    expect(logged).toHaveLength(2);
    await runner.stop();
  });
});

describe('bookkeeping upkeep', () => {
  it('forgets finished scheduled runs after 30 days, keeps recent ones and unfinished claims', async () => {
    const db = await getTestDatabase();
    const job = `probe-${Math.random().toString(36).slice(2)}`;
    const at = (iso: string) => new Date(iso);
    await db
      .insertInto('job_runs')
      .values([
        {
          job_name: job,
          run_key: 'old-done',
          claimed_by: 'a',
          claimed_at: at('2026-10-01T03:00:00Z'),
          finished_at: at('2026-10-01T03:01:00Z'),
        },
        {
          job_name: job,
          run_key: 'old-open',
          claimed_by: 'a',
          claimed_at: at('2026-10-01T03:00:00Z'),
          finished_at: null,
        },
        {
          job_name: job,
          run_key: 'new-done',
          claimed_by: 'a',
          claimed_at: at('2026-11-20T03:00:00Z'),
          finished_at: at('2026-11-20T03:01:00Z'),
        },
      ])
      .execute();
    const clock = createManualClock(new Date('2026-12-01T03:00:00Z'));
    const runner = createJobRunner({ db, clock, log, jobs: bookkeepingJobs(db, log) });
    expect(await runner.tick()).toEqual(['prune-job-runs:2026-12-01']);
    const left = await db
      .selectFrom('job_runs')
      .select('run_key')
      .where('job_name', '=', job)
      .orderBy('run_key')
      .execute();
    expect(left.map((r) => r.run_key)).toEqual(['new-done', 'old-open']);
  });
});
