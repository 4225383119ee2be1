import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import type { Database } from '../db/database';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { freePort, smtpSink } from '../../test/smtp';
import type { FastifyBaseLogger } from 'fastify';
import { LEASE_SECONDS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../jobs/lease';
import { createWorkQueue } from '../jobs/work';
import { createMailer, MAIL_KIND, mailQueueDepth, queueMissingDeliveries } from './mailer';

const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** The delivery work of the mail to `to`, still unfinished. */
const workOf = (db: Database, to: string) =>
  db
    .selectFrom('work_items')
    .innerJoin('mail_outbox', (j) => j.on(sql`work_items.dedupe_key`, '=', sql`'m' || mail_outbox.mail_id`))
    .select(['work_items.work_id', 'work_items.status', 'work_items.attempts'])
    .where('work_items.kind', '=', MAIL_KIND)
    .where('mail_outbox.recipient', '=', to)
    .orderBy('work_items.work_id', 'desc')
    .executeTakeFirstOrThrow();

/** The retry delay has passed (the database's clock decides when work is due). */
async function makeDue(db: Database, to: string) {
  const { work_id } = await workOf(db, to);
  await db
    .updateTable('work_items')
    .set({ run_after: sql`now()` })
    .where('work_id', '=', work_id)
    .execute();
}

const statusOf = (db: Database, to: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['status', 'attempts', 'last_error', 'next_attempt_at', 'text_body', 'delivery_text', 'sent_at'])
    .where('recipient', '=', to)
    .executeTakeFirstOrThrow();

describe('mail outbox', () => {
  let db: Database;
  let port: number;
  let smtp: ReturnType<typeof smtpSink>;
  // A database of its own: the workers here claim every due mail, other tests' mails included.
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dbName = `planport_mail_${crypto.randomBytes(4).toString('hex')}`;
  let admin: Kysely<unknown> | undefined;
  beforeAll(async () => {
    if (adminUrl) {
      admin = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
      });
      await sql`create database ${sql.id(dbName)}`.execute(admin);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      db = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    } else {
      db = await createDatabase({ dataDir: 'memory://' });
    }
    await migrateToLatest(db);
    port = await freePort();
    smtp = smtpSink(port);
  }, 60_000);
  afterAll(async () => {
    await smtp.down();
    await db.destroy();
    if (admin) {
      await sql`drop database if exists ${sql.id(dbName)}`.execute(admin);
      await admin.destroy();
    }
  });

  it('queues while the mail server is down, counts the attempts, and delivers once it is back', async () => {
    const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portal@planport.test',
      now: () => clock.now(),
      work: createWorkQueue({ db, log }),
      keepRecent: true,
      smtpTimeoutMs: 2000,
    });
    const to = `down-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const token = 'secret-token-123';
    const depthBefore = await mailQueueDepth(db);

    // The change and its mail in one transaction; nothing talks to the mail server here.
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await mailer.enqueue(trx, {
        tenantId: null,
        to,
        subject: 'Reset',
        text: `Link: https://x.test/password-reset/${token}`,
        redact: [token],
      });
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(await mailQueueDepth(db)).toBe(depthBefore + 1);

    // Down at 08:00 and at 08:00:30: two attempts, each failure moves the next one further out.
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 0, retrying: 1 });
    let row = await statusOf(db, to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(new Date(row.next_attempt_at).getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]!);
    // Not due yet: nothing is tried.
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 0, retrying: 0 });
    clock.advance(RETRY_DELAYS_MS[0]!);
    await makeDue(db, to);
    expect(await mailer.deliverDue(500)).toMatchObject({ retrying: 1 });
    row = await statusOf(db, to);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.delivery_text).toContain(token);
    expect(row.text_body).not.toContain(token);
    expect(await mailQueueDepth(db)).toBe(depthBefore + 1);

    // The server is back after a minute; the next attempt (2 min later) delivers.
    await smtp.up();
    clock.advance(RETRY_DELAYS_MS[1]!);
    await makeDue(db, to);
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 1 });
    row = await statusOf(db, to);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null, delivery_text: null });
    expect(row.sent_at).not.toBeNull();
    expect(row.text_body).toContain('[…]');
    const got = smtp.received.filter((r) => r.to.includes(to));
    expect(got).toHaveLength(1);
    expect(got[0]?.data).toContain(token);
    expect(mailer.recent.filter((m) => m.to === to)).toHaveLength(1);
    expect(await mailQueueDepth(db)).toBe(depthBefore);
    // Delivered mails are not delivered again.
    clock.advance(24 * 3_600_000);
    expect((await workOf(db, to)).status).toBe('done');
    await mailer.deliverDue(500);
    expect(smtp.received.filter((r) => r.to.includes(to))).toHaveLength(1);
    await mailer.stop();
    await smtp.down();
  });

  it('gives up after the last attempt; an admin retry delivers it', async () => {
    const clock = createManualClock(new Date('2026-12-02T08:00:00Z'));
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'portal@planport.test',
      now: () => clock.now(),
      work: createWorkQueue({ db, log }),
      smtpTimeoutMs: 2000,
    });
    const to = `failed-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const tenant = await db
      .insertInto('tenants')
      .values({ tenant_key: `mail-${crypto.randomBytes(4).toString('hex')}`, name: 'Mail', features: '{}' })
      .returning('tenant_id')
      .executeTakeFirstOrThrow();
    await mailer.enqueue(db, { tenantId: tenant.tenant_id, to, subject: 'S', text: 'T' });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await mailer.deliverDue(500);
      clock.advance(24 * 3_600_000);
      if (i < MAX_ATTEMPTS - 1) await makeDue(db, to);
    }
    const mailId = (
      await db.selectFrom('mail_outbox').select('mail_id').where('recipient', '=', to).executeTakeFirstOrThrow()
    ).mail_id;
    expect(await statusOf(db, to)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // Failed mails are not tried again by themselves.
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });
    // Another tenant's admin cannot retry it.
    expect(await workOf(db, to)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await mailer.retry(db, tenant.tenant_id + 100_000, mailId)).toBe(false);
    await smtp.up();
    expect(await mailer.retry(db, tenant.tenant_id, mailId)).toBe(true);
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 1 });
    expect(await statusOf(db, to)).toMatchObject({ status: 'sent', attempts: 1 });
    await mailer.stop();
    await smtp.down();
  });

  it('lets two workers on one database deliver each mail once', async () => {
    await smtp.up();
    const clock = createManualClock(new Date('2026-12-03T08:00:00Z'));
    const make = () =>
      createMailer(db, {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'p@planport.test',
        now: () => clock.now(),
        work: createWorkQueue({ db, log }),
      });
    const [a, b] = [make(), make()];
    const prefix = `both-${crypto.randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 10; i++)
      await a.enqueue(db, { tenantId: null, to: `${prefix}-${i}@example.test`, subject: 'S', text: 'T' });
    const results = await Promise.all([a.deliverDue(3), b.deliverDue(3), a.deliverDue(3), b.deliverDue(3)]);
    await Promise.all([a.deliverDue(500), b.deliverDue(500)]);
    void results;
    const got = smtp.received.flatMap((r) => r.to).filter((t) => t.startsWith(prefix));
    expect(got.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}-${i}@example.test`).sort());
    await a.stop();
    await b.stop();
    await smtp.down();
  });

  it('gives mails queued before delivery was work their work item, once, with their attempts', async () => {
    await smtp.up();
    const clock = createManualClock(new Date('2026-12-05T08:00:00Z'));
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'p@planport.test',
      now: () => clock.now(),
      work: createWorkQueue({ db, log }),
    });
    const to = `old-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await db
      .insertInto('mail_outbox')
      .values({
        tenant_id: null,
        recipient: to,
        subject: 'S',
        text_body: 'T',
        status: 'pending',
        attempts: 2,
        next_attempt_at: new Date(Date.now() - 1000),
        delivery_text: 'T',
      })
      .execute();
    expect(await queueMissingDeliveries(db)).toBeGreaterThanOrEqual(1);
    expect(await queueMissingDeliveries(db)).toBe(0);
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 1 });
    expect(await statusOf(db, to)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received.filter((r) => r.to.includes(to))).toHaveLength(1);
    await mailer.stop();
    await smtp.down();
  });

  it('takes over a mail whose worker died while sending, after the lease', async () => {
    await smtp.up();
    const clock = createManualClock(new Date('2026-12-04T08:00:00Z'));
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'p@planport.test',
      now: () => clock.now(),
      work: createWorkQueue({ db, log }),
    });
    const to = `lease-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await mailer.enqueue(db, { tenantId: null, to, subject: 'S', text: 'T' });
    // A worker claimed it and died before it could report: its lease is no longer renewed.
    const { work_id } = await workOf(db, to);
    await db.updateTable('mail_outbox').set({ status: 'sending', attempts: 1 }).where('recipient', '=', to).execute();
    await db
      .updateTable('work_items')
      .set({ status: 'running', attempts: 1, claimed_by: 'dead', claimed_at: sql`now()`, renewed_at: sql`now()` })
      .where('work_id', '=', work_id)
      .execute();
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 0 });
    await db
      .updateTable('work_items')
      .set({ renewed_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
      .where('work_id', '=', work_id)
      .execute();
    expect(await mailer.deliverDue(500)).toMatchObject({ delivered: 1 });
    expect(await statusOf(db, to)).toMatchObject({ status: 'sent', attempts: 2 });
    await mailer.stop();
    await smtp.down();
  });
});
