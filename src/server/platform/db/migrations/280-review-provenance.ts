import { sql, type Kysely } from 'kysely';

/**
 * Provenance of review topics and comments imported from a BCF archive: the author and date the
 * archive claims, kept as text to show ("originally by X on D") and never resolved to a user. The
 * row's author and date are the importing user and the import time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['review_topics', 'review_comments']) {
    await sql`alter table ${sql.table(table)} add column imported_author text`.execute(db);
    await sql`alter table ${sql.table(table)} add column imported_created_at timestamptz`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['review_topics', 'review_comments']) {
    await sql`alter table ${sql.table(table)} drop column imported_author`.execute(db);
    await sql`alter table ${sql.table(table)} drop column imported_created_at`.execute(db);
  }
}
