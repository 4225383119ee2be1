import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database';

export type MailMessage = {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (the outbox copy keeps only the text). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Secrets in the text (e.g. an invitation token): delivered, but the outbox copy shows `[…]` instead. */
  redact?: string[];
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  mode: 'smtp' | 'outbox';
  /** The last mails as sent, unredacted: kept only for the browser journeys (E2E_RESET), else empty. */
  recent: MailMessage[];
};

const redacted = (text: string, secrets: string[] = []) =>
  secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join('[…]'), text);

/**
 * Every mail is rendered by nodemailer. With SMTP configured it is delivered; without,
 * it is kept in the outbox table (shown to admins) so nothing is lost offline.
 * Either way a copy lands in the outbox for the admins' record, with the message's secrets
 * (single-use link tokens) blanked out, so reading the outbox never hands out a working link.
 */
export function createMailer(
  db: Database,
  options: { smtpUrl?: string; from: string; now: () => Date; keepRecent?: boolean },
): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const mode = options.smtpUrl ? 'smtp' : 'outbox';
  const recent: MailMessage[] = [];
  return {
    mode,
    recent,
    async send(message) {
      if (options.keepRecent) {
        recent.push(message);
        if (recent.length > 500) recent.shift();
      }
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      await db
        .insertInto('mail_outbox')
        .values({
          tenant_id: message.tenantId,
          recipient: message.to,
          subject: message.subject,
          text_body: redacted(message.text, message.redact),
          html_body: message.html === undefined ? null : redacted(message.html, message.redact),
          sent_at: mode === 'smtp' ? options.now() : null,
        })
        .execute();
    },
  };
}
