import { sql, type Kysely } from 'kysely';

/** Mentions in review comments: the ids of the project members a comment names (validated members). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_comments add column mention_user_ids integer[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_comments drop column mention_user_ids`.execute(db);
}
