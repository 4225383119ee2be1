import { sql, type Kysely } from 'kysely';

/**
 * The mail outbox becomes a delivery queue: each row is written in the transaction of the change
 * that causes it and delivered by a worker with retries. `status` is pending (waiting for its
 * next attempt), sending (claimed by a worker until `next_attempt_at`), sent, kept (no mail
 * server configured: kept in the outbox only) or failed (gave up after the last attempt).
 * The deliverable text (with single-use tokens) lives in `delivery_*` until delivery and is
 * never shown to admins; `text_body`/`html_body` hold the redacted copy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('delivery_text', 'text')
    .addColumn('delivery_html', 'text')
    .addColumn('delivery_attachments', 'jsonb')
    .execute();
  // Rows from before: delivered when sent, otherwise kept (their deliverable text is gone).
  await sql`update mail_outbox set status = case when sent_at is null then 'kept' else 'sent' end`.execute(db);
  await sql`alter table mail_outbox add constraint mail_outbox_status_ck
    check (status in ('pending', 'sending', 'sent', 'kept', 'failed'))`.execute(db);
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status in ('pending', 'sending')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists mail_outbox_due_idx`.execute(db);
  await sql`alter table mail_outbox drop constraint if exists mail_outbox_status_ck`.execute(db);
  for (const c of [
    'status',
    'attempts',
    'next_attempt_at',
    'last_error',
    'delivery_text',
    'delivery_html',
    'delivery_attachments',
  ]) {
    await db.schema.alterTable('mail_outbox').dropColumn(c).execute();
  }
}
