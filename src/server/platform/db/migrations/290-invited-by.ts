import { sql, type Kysely } from 'kysely';

/**
 * Who invited a user (an admin from the users page or a member from a project's members dialog):
 * only that person may hand the invitation on by copying its link or sending it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column invited_by integer references users (user_id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column invited_by`.execute(db);
}
