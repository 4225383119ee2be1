import { sql, type Kysely } from 'kysely';

/**
 * Extra headers of a mail in the outbox (the RFC 8058 one-click unsubscribe of a notification
 * mail: `List-Unsubscribe` and `List-Unsubscribe-Post`), handed to the transport on delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column headers jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column headers`.execute(db);
}
