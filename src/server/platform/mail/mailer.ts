import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../db/database';
import type { StoredAttachment } from '../db/tables/foundation';
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from '../jobs/lease';

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
};

export type DeliveryResult = { delivered: number; retrying: number; failed: number };

export type Mailer = {
  /**
   * Queues a mail in the outbox. Pass the transaction of the change that causes the mail: the
   * mail exists exactly when the change does. Never talks to the mail server.
   */
  enqueue(db: Database, message: MailMessage): Promise<void>;
  /** Claims the due mails (up to `limit`) and hands them to the transport; failures are retried later. */
  deliverDue(limit?: number): Promise<DeliveryResult>;
  /** Starts the delivery loop (every `intervalMs`, and soon after each enqueue). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  mode: 'smtp' | 'outbox';
  /** The last mails handed to the transport, unredacted: kept only for the browser journeys (E2E_RESET), else empty. */
  recent: MailMessage[];
};

const redacted = (text: string, secrets: string[] = []) =>
  secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join('[…]'), text);

/** The queue depth for the metrics: mails waiting for delivery (pending or being sent). */
export async function mailQueueDepth(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * A transactional outbox. `enqueue` writes the mail (deliverable text and a redacted copy for
 * the admins) in the caller's transaction; a worker loop in every instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and hands them to nodemailer. A failure counts the attempt and sets
 * the next one after a growing delay; after the last it marks the mail failed (admins may retry).
 * A slow or dead mail server therefore never slows or fails a request and loses no mail.
 * Without SMTP the transport only renders (JSON) and the mail is kept in the outbox.
 * See docs/decisions/012-mail-outbox-and-jobs.md.
 */
export function createMailer(
  db: Database,
  options: {
    smtpUrl?: string;
    from: string;
    now: () => Date;
    keepRecent?: boolean;
    log?: FastifyBaseLogger;
    /** Timeouts towards the mail server (ms); a hanging server holds a worker no longer. */
    smtpTimeoutMs?: number;
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
  let timer: NodeJS.Timeout | undefined;
  let nudge: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryResult> | undefined;
  let started = false;
  const own = new Set<number>();

  async function deliverOnce(limit: number): Promise<DeliveryResult> {
    const result: DeliveryResult = { delivered: 0, retrying: 0, failed: 0 };
    const now = options.now();
    // A claimed mail belongs to its worker for one lease; a worker that died gives it up then.
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    // Pending mails that are due, and claims whose worker gave no word within the lease.
    const { rows } = await sql<{
      mail_id: number;
      tenant_id: number | null;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      delivery_text: string | null;
      delivery_html: string | null;
      delivery_attachments: StoredAttachment[] | null;
      attempts: number;
    }>`
      update mail_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseUntil}
      where mail_id in (
        select mail_id from mail_outbox
        where status in ('pending', 'sending') and next_attempt_at <= ${now}
          ${options.ownMailsOnly ? (own.size ? sql`and mail_id in (${sql.join([...own])})` : sql`and false`) : sql``}
        order by next_attempt_at, mail_id
        limit ${limit}
        for update skip locked)
      returning mail_id, tenant_id, recipient, subject, text_body, html_body, delivery_text, delivery_html,
        delivery_attachments, attempts`.execute(db);
    rows.sort((a, b) => Number(a.mail_id) - Number(b.mail_id));
    for (const row of rows) {
      const message: MailMessage = {
        tenantId: row.tenant_id,
        to: row.recipient,
        subject: row.subject,
        text: row.delivery_text ?? row.text_body,
        html: row.delivery_html ?? row.html_body ?? undefined,
        attachments: row.delivery_attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.base64, 'base64'),
        })),
      };
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        });
      } catch (err) {
        const gaveUp = row.attempts >= MAX_ATTEMPTS;
        const delay = retryDelayMs(row.attempts);
        const error = err instanceof Error ? err.message : String(err);
        options.log?.warn({ mailId: row.mail_id, attempts: row.attempts, err: error }, 'mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({
            status: gaveUp ? 'failed' : 'pending',
            next_attempt_at: new Date(options.now().getTime() + delay),
            last_error: error.slice(0, 500),
          })
          .where('mail_id', '=', row.mail_id)
          .where('status', '=', 'sending')
          .execute();
        if (gaveUp) result.failed++;
        else result.retrying++;
        continue;
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
        .where('mail_id', '=', row.mail_id)
        .execute();
      own.delete(Number(row.mail_id));
      result.delivered++;
    }
    return result;
  }

  function deliverDue(limit = 20): Promise<DeliveryResult> {
    running ??= deliverOnce(limit).finally(() => {
      running = undefined;
    });
    return running;
  }

  const loop = () => {
    void deliverDue().then(
      (r) => {
        // A full batch: more may be waiting.
        if (started && r.delivered + r.retrying + r.failed >= 20) schedule(0);
      },
      (err: unknown) => options.log?.error({ err }, 'mail delivery loop failed'),
    );
  };
  const schedule = (ms: number) => {
    if (nudge) return;
    nudge = setTimeout(() => {
      nudge = undefined;
      if (started) loop();
    }, ms);
    nudge.unref();
  };

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
        })
        .returning('mail_id')
        .executeTakeFirstOrThrow();
      if (options.ownMailsOnly) own.add(Number(row.mail_id));
      // Soon after the caller's transaction has committed (or at the next round).
      if (started) schedule(200);
    },
    deliverDue,
    start(intervalMs = 2000) {
      if (started) return;
      started = true;
      timer = setInterval(loop, intervalMs);
      timer.unref();
      loop();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      if (nudge) clearTimeout(nudge);
      nudge = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}

/** An admin's retry of a failed mail: pending again, due now, with fresh attempts. */
export async function retryMail(db: Database, tenantId: number, mailId: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now })
    .where('mail_id', '=', mailId)
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'failed')
    .returning('mail_id')
    .executeTakeFirst();
  return row !== undefined;
}
