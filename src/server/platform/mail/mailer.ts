import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../db/database';
import type { StoredAttachment } from '../db/tables/foundation';
import { MAX_ATTEMPTS, retryDelayMs } from '../jobs/lease';
import { enqueueWork } from '../jobs/work-items';
import type { WorkQueue } from '../jobs/work';

export type MailMessage = {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (the admins' copy keeps only the text). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Secrets in the text (e.g. an invitation token): delivered, but the admins' copy shows `[…]` instead. */
  redact?: string[];
  /** Extra headers, e.g. the one-click unsubscribe of a notification mail (RFC 8058). */
  headers?: Record<string, string>;
};

export type DeliveryResult = { delivered: number; retrying: number; failed: number };

export type Mailer = {
  /**
   * Queues a mail in the outbox. Pass the transaction of the change that causes the mail: the
   * mail exists exactly when the change does. Never talks to the mail server.
   */
  enqueue(db: Database, message: MailMessage): Promise<void>;
  /** Delivers the due mails (claimed as background work) and waits for them; failures are retried later. */
  deliverDue(limit?: number): Promise<DeliveryResult>;
  /** An admin's retry of a failed mail of `tenantId`: pending again with fresh attempts, due now. */
  retry(db: Database, tenantId: number, mailId: number): Promise<boolean>;
  /**
   * Delivers from now on: the work queue (started in main.ts) polls, each enqueue nudges it, and
   * waiting mails without a delivery (queued before it was work) get one.
   */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  mode: 'smtp' | 'outbox';
  /** The last mails handed to the transport, unredacted: kept only for the browser journeys (E2E_RESET), else empty. */
  recent: MailMessage[];
};

const redacted = (text: string, secrets: string[] = []) =>
  secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join('[…]'), text);

/** The background-work kind of a mail's delivery (platform/jobs/work.ts). */
export const MAIL_KIND = 'mail.deliver';

/** Gives every waiting mail without an unfinished delivery its work item (attempts carried over). */
export async function queueMissingDeliveries(db: Database, kind = MAIL_KIND): Promise<number> {
  const { numAffectedRows } = await sql`
    insert into work_items (kind, tenant_id, user_id, payload, attempts, max_attempts, run_after, dedupe_key)
    select ${kind}, m.tenant_id, null, jsonb_build_object('mailId', m.mail_id), m.attempts, 0,
      case when m.status = 'pending' then m.next_attempt_at else now() end, 'm' || m.mail_id
    from mail_outbox m
    where m.status in ('pending', 'sending')
      and not exists (select 1 from work_items w
        where w.kind = ${kind} and w.dedupe_key = 'm' || m.mail_id and w.finished_at is null)
    order by m.mail_id
    on conflict (kind, dedupe_key) where dedupe_key is not null and finished_at is null do nothing`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/** The queue depth for the metrics: mails waiting for delivery (pending or being sent). */
export async function mailQueueDepth(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * A transactional outbox on the background-work primitive (platform/jobs/work.ts, decision 016).
 * `enqueue` writes the mail (deliverable text and a redacted copy for the admins) and its delivery
 * as work in the caller's transaction; any instance's work queue claims it (fair turns by tenant,
 * a lease taken over when the claimer died) and hands it to nodemailer. A failure counts the
 * attempt and is retried after a growing delay; after the last the mail is failed (admins may
 * retry). A slow or dead mail server therefore never slows or fails a request and loses no mail.
 * Without SMTP the transport only renders (JSON) and the mail is kept in the outbox.
 * See docs/decisions/012-mail-outbox-and-jobs.md.
 */
export function createMailer(
  db: Database,
  options: {
    smtpUrl?: string;
    from: string;
    now: () => Date;
    /** The application's work queue (ctx.work): delivery is one kind of its work. */
    work: WorkQueue;
    keepRecent?: boolean;
    log?: FastifyBaseLogger;
    /** Timeouts towards the mail server (ms); a hanging server holds a worker no longer. */
    smtpTimeoutMs?: number;
    /** Deliveries at once per instance. */
    concurrency?: number;
    /**
     * Deliver only the mails this mailer queued. For test apps that share one database with other
     * test files running at once: each delivers (and keeps in `recent`) only its own mails.
     */
    ownMailsOnly?: boolean;
  },
): Mailer {
  const timeout = options.smtpTimeoutMs ?? 20_000;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(
        new SMTPTransport({
          url: options.smtpUrl,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        }),
      )
    : nodemailer.createTransport({ jsonTransport: true });
  const mode = options.smtpUrl ? 'smtp' : 'outbox';
  const recent: MailMessage[] = [];
  const { work } = options;
  // A test app's own kind: only it claims the mails it queued.
  const kind = options.ownMailsOnly ? `${MAIL_KIND}.${work.instance}` : MAIL_KIND;
  let started = false;
  let nudge: NodeJS.Timeout | undefined;
  /** Outcomes counted for the running deliverDue calls. */
  const tallies = new Set<DeliveryResult>();
  const tally = (key: keyof DeliveryResult) => tallies.forEach((t) => (t[key] += 1));

  async function deliver(mailId: number, attempt: number): Promise<void> {
    const row = await db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: attempt })
      .where('mail_id', '=', mailId)
      .where('status', 'in', ['pending', 'sending'])
      .returning([
        'mail_id',
        'tenant_id',
        'recipient',
        'subject',
        'text_body',
        'html_body',
        'delivery_text',
        'delivery_html',
        'delivery_attachments',
        'headers',
      ])
      .executeTakeFirst();
    // Gone, or already sent (a claimer that died after sending and recording it).
    if (!row) return;
    const message: MailMessage = {
      tenantId: row.tenant_id,
      to: row.recipient,
      subject: row.subject,
      text: row.delivery_text ?? row.text_body,
      html: row.delivery_html ?? row.html_body ?? undefined,
      attachments: (row.delivery_attachments as StoredAttachment[] | null)?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.base64, 'base64'),
      })),
      headers: row.headers ?? undefined,
    };
    try {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        headers: message.headers,
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const last = attempt >= MAX_ATTEMPTS;
      options.log?.warn({ mailId, attempts: attempt, err: error }, 'mail delivery failed');
      // Shown to the admins; the work item holds the real due time (the same delays).
      await db
        .updateTable('mail_outbox')
        .set({
          status: last ? 'failed' : 'pending',
          next_attempt_at: new Date(options.now().getTime() + retryDelayMs(attempt)),
          last_error: error.slice(0, 500),
        })
        .where('mail_id', '=', mailId)
        .where('status', '=', 'sending')
        .execute();
      tally(last ? 'failed' : 'retrying');
      throw err;
    }
    if (options.keepRecent) {
      recent.push(message);
      if (recent.length > 500) recent.shift();
    }
    // Delivered: the deliverable text (with its secrets) is dropped; the redacted copy stays.
    await db
      .updateTable('mail_outbox')
      .set({
        status: mode === 'smtp' ? 'sent' : 'kept',
        sent_at: mode === 'smtp' ? options.now() : null,
        last_error: null,
        delivery_text: null,
        delivery_html: null,
        delivery_attachments: null,
      })
      .where('mail_id', '=', mailId)
      .execute();
    tally('delivered');
  }

  work.register<{ mailId: number }>(kind, {
    concurrency: options.concurrency ?? 4,
    maxAttempts: MAX_ATTEMPTS,
    handler: (item) => deliver(item.payload.mailId, item.attempt),
    // Its claimers died on every attempt: failed like a mail the server refused each time.
    onFailed: async (item, reason) => {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', last_error: reason.slice(0, 500) })
        .where('mail_id', '=', Number(item.payload.mailId))
        .where('status', 'in', ['pending', 'sending'])
        .execute();
    },
  });

  async function queueDelivery(trx: Database, mailId: number, tenantId: number | null) {
    await enqueueWork(trx, { kind, tenantId, userId: null, payload: { mailId }, dedupeKey: `m${mailId}` });
  }

  return {
    mode,
    recent,
    async enqueue(trx, message) {
      const row = await trx
        .insertInto('mail_outbox')
        .values({
          tenant_id: message.tenantId,
          recipient: message.to,
          subject: message.subject,
          text_body: redacted(message.text, message.redact),
          html_body: message.html === undefined ? null : redacted(message.html, message.redact),
          status: 'pending',
          next_attempt_at: options.now(),
          delivery_text: message.text,
          delivery_html: message.html ?? null,
          delivery_attachments: message.attachments?.length
            ? JSON.stringify(
                message.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  base64: a.content.toString('base64'),
                })),
              )
            : null,
          headers: message.headers ? JSON.stringify(message.headers) : null,
        })
        .returning('mail_id')
        .executeTakeFirstOrThrow();
      await queueDelivery(trx, Number(row.mail_id), message.tenantId);
      // Soon after the caller's transaction has committed (or at the next poll).
      if (started && !nudge) {
        nudge = setTimeout(() => {
          nudge = undefined;
          work.nudge(kind);
        }, 200);
        nudge.unref();
      }
    },
    async deliverDue() {
      const result: DeliveryResult = { delivered: 0, retrying: 0, failed: 0 };
      tallies.add(result);
      try {
        await work.drain(kind);
      } finally {
        tallies.delete(result);
      }
      return result;
    },
    async retry(trx, tenantId, mailId) {
      const row = await trx
        .updateTable('mail_outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: options.now() })
        .where('mail_id', '=', mailId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'failed')
        .returning('mail_id')
        .executeTakeFirst();
      if (!row) return false;
      await queueDelivery(trx, mailId, tenantId);
      if (started) work.nudge(kind);
      return true;
    },
    start() {
      // The work queue polls (main.ts starts it); enqueue nudges it after each commit.
      started = true;
      // Mails queued before their delivery was work (or restored from a backup) get their work item.
      void queueMissingDeliveries(db, kind).then(
        (n) => (n ? options.log?.info({ mails: n }, 'waiting mails queued for delivery') : undefined),
        (err: unknown) => options.log?.error({ err }, 'queueing waiting mails failed'),
      );
    },
    async stop() {
      started = false;
      if (nudge) clearTimeout(nudge);
      nudge = undefined;
      transport.close();
    },
  };
}
