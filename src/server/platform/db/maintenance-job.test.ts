import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createManualClock } from '../clock';
import { createJobRunner } from '../jobs/runner';
import { migrateToLatest } from './migrate';
import { createDatabase, type Database } from './database';
import { bookkeepingJobs, embeddedDatabaseJobs } from './maintenance-job';
import { getTestDatabase } from '../../test/database';
import { createUser, createWorld } from '../../test/factories';

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
    const clock = createManualClock(new Date('2025-12-01T02:59:00Z'));
    const runner = createJobRunner({ db, clock, log, jobs: embeddedDatabaseJobs(db, log) });
    expect(await runner.tick()).toEqual([]);
    expect(await size(db)).toBeGreaterThan(1_000_000);

    clock.set(new Date('2025-12-01T03:00:00Z'));
    expect(await runner.tick()).toEqual(['embedded-database-vacuum:2025-12-01']);
    // The empty pages at the table's end are cut off; the statistics exist.
    expect(await size(db)).toBe(0);
    await sql`insert into upkeep_probe select g, 'y' from generate_series(1, 100) g`.execute(db);
    clock.set(new Date('2025-12-01T23:00:00Z'));
    expect(await runner.tick()).toEqual([]);
    expect(await analyzed(db)).toBe(0);
    clock.set(new Date('2025-12-02T03:10:00Z'));
    expect(await runner.tick()).toEqual(['embedded-database-vacuum:2025-12-02']);
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
          claimed_at: at('2025-10-01T03:00:00Z'),
          finished_at: at('2025-10-01T03:01:00Z'),
        },
        {
          job_name: job,
          run_key: 'old-open',
          claimed_by: 'a',
          claimed_at: at('2025-10-01T03:00:00Z'),
          finished_at: null,
        },
        {
          job_name: job,
          run_key: 'new-done',
          claimed_by: 'a',
          claimed_at: at('2025-11-20T03:00:00Z'),
          finished_at: at('2025-11-20T03:01:00Z'),
        },
      ])
      .execute();
    // A year back: the pruning is tenant-wide by nature, and other test files' sessions, mails and
    // work of today (on PostgreSQL, one database for all files at once) must stay out of its reach.
    const clock = createManualClock(new Date('2025-12-01T03:00:00Z'));
    const runner = createJobRunner({ db, clock, log, jobs: bookkeepingJobs(db, log) });
    expect(await runner.tick()).toEqual(['prune-job-runs:2025-12-01']);
    const left = await db
      .selectFrom('job_runs')
      .select('run_key')
      .where('job_name', '=', job)
      .orderBy('run_key')
      .execute();
    expect(left.map((r) => r.run_key)).toEqual(['new-done', 'old-open']);
  });

  it('forgets sent mails, finished background work and webhook deliveries after 30 days, sessions past their age and used or expired links, and keeps the rest', async () => {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    const tenantId = world.tenant.tenant_id;
    const user = await createUser(db, tenantId);
    const at = (iso: string) => new Date(iso);
    const mail = (recipient: string, status: 'sent' | 'failed', sentAt: Date | null) => ({
      tenant_id: tenantId,
      recipient,
      subject: 's',
      text_body: 't',
      status,
      sent_at: sentAt,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('old-sent@x.test', 'sent', at('2025-10-01T00:00:00Z')),
        mail('new-sent@x.test', 'sent', at('2025-11-25T00:00:00Z')),
        mail('old-failed@x.test', 'failed', null),
      ])
      .execute();
    const work = (dedupe: string, status: 'done' | 'failed' | 'waiting', finishedAt: Date | null) => ({
      kind: 'test.prune',
      tenant_id: tenantId,
      user_id: null,
      max_attempts: 3,
      dedupe_key: `${dedupe}-${tenantId}`,
      status,
      finished_at: finishedAt,
    });
    await db
      .insertInto('work_items')
      .values([
        work('old-done', 'done', at('2025-10-01T00:00:00Z')),
        work('old-failed', 'failed', at('2025-10-02T00:00:00Z')),
        work('new-done', 'done', at('2025-11-25T00:00:00Z')),
        work('waiting', 'waiting', null),
      ])
      .execute();
    const session = (id: string, createdAt: string) => ({
      session_id: id,
      user_id: user.user_id,
      created_at: at(createdAt),
      last_seen_at: at(createdAt),
      user_agent: null,
      client_ip: null,
    });
    await db
      .insertInto('sessions')
      .values([
        session(`old-${user.user_id}`, '2025-11-30T00:00:00Z'),
        session(`new-${user.user_id}`, '2025-12-02T01:00:00Z'),
      ])
      .execute();
    const token = (hash: string, purpose: 'password-reset' | 'invitation', expires: string, used: string | null) => ({
      token_hash: `${hash}-${user.user_id}`,
      user_id: user.user_id,
      purpose,
      created_at: at('2025-11-01T00:00:00Z'),
      expires_at: at(expires),
      used_at: used ? at(used) : null,
    });
    await db
      .insertInto('account_tokens')
      .values([
        token('used', 'password-reset', '2025-11-02T00:00:00Z', '2025-11-01T12:00:00Z'),
        token('expired', 'password-reset', '2025-11-02T00:00:00Z', null),
        token('invitation', 'invitation', '2025-11-02T00:00:00Z', null),
        token('open', 'password-reset', '2025-12-03T00:00:00Z', null),
      ])
      .execute();

    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({ tenant_id: tenantId, url: 'https://erp.example.com/hook', secret: 's', event_types: ['order.placed'] })
      .returning('endpoint_id')
      .executeTakeFirstOrThrow();
    const delivery = (id: string, status: 'delivered' | 'failed' | 'pending', createdAt: string) => ({
      message_id: `${id}-${tenantId}`,
      endpoint_id: endpoint.endpoint_id,
      tenant_id: tenantId,
      event_type: 'order.placed',
      resource_key: 'order:1',
      payload: '{}',
      status,
      created_at: at(createdAt),
    });
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('old-delivered', 'delivered', '2025-10-01T00:00:00Z'),
        delivery('old-failed', 'failed', '2025-10-01T00:00:00Z'),
        delivery('old-pending', 'pending', '2025-10-01T00:00:00Z'),
        delivery('new-delivered', 'delivered', '2025-11-25T00:00:00Z'),
      ])
      .execute();

    // The next night's run (the test above ran the one of 1 December).
    const clock = createManualClock(new Date('2025-12-02T03:00:00Z'));
    const runner = createJobRunner({ db, clock, log, jobs: bookkeepingJobs(db, log) });
    expect(await runner.tick()).toEqual(['prune-job-runs:2025-12-02']);
    const mails = await db.selectFrom('mail_outbox').select('recipient').where('tenant_id', '=', tenantId).execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual(['new-sent@x.test', 'old-failed@x.test']);
    const works = await db.selectFrom('work_items').select('dedupe_key').where('tenant_id', '=', tenantId).execute();
    expect(works.map((w) => w.dedupe_key!.split('-').slice(0, -1).join('-')).sort()).toEqual(['new-done', 'waiting']);
    const sessions = await db.selectFrom('sessions').select('session_id').where('user_id', '=', user.user_id).execute();
    expect(sessions.map((r) => r.session_id)).toEqual([`new-${user.user_id}`]);
    const tokens = await db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', user.user_id)
      .execute();
    expect(tokens.map((r) => r.token_hash.split('-')[0]).sort()).toEqual(['invitation', 'open']);
    // A delivery still to be sent stays, however old.
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select('message_id')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(deliveries.map((d) => d.message_id.split('-').slice(0, -1).join('-')).sort()).toEqual([
      'new-delivered',
      'old-pending',
    ]);
  });
});
