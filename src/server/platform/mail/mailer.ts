import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database';

export type MailMessage = {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  mode: 'smtp' | 'outbox';
};

/**
 * Every mail is rendered by nodemailer. With SMTP configured it is delivered; without,
 * it is kept in the outbox table (shown to admins) so nothing is lost offline.
 * Either way a copy lands in the outbox for the admins' record.
 */
export function createMailer(db: Database, options: { smtpUrl?: string; from: string; now: () => Date }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const mode = options.smtpUrl ? 'smtp' : 'outbox';
  return {
    mode,
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await db
        .insertInto('mail_outbox')
        .values({
          tenant_id: message.tenantId,
          recipient: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          sent_at: mode === 'smtp' ? options.now() : null,
        })
        .execute();
    },
  };
}
