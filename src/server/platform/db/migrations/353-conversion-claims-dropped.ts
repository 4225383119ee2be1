import { sql, type Kysely } from 'kysely';

/**
 * A conversion's claim, attempts and owner live in its work item (`work_items`, migration 242):
 * the columns migration 240 gave `file_conversions` for that are no longer read or written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists file_conversions_turns_idx`.execute(db);
  for (const column of ['attempts', 'claimed_at', 'tenant_id', 'user_id']) {
    await sql`alter table file_conversions drop column if exists ${sql.ref(column)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table file_conversions add column attempts integer not null default 0`.execute(db);
  await sql`alter table file_conversions add column claimed_at timestamptz`.execute(db);
  await sql`alter table file_conversions add column tenant_id integer`.execute(db);
  await sql`alter table file_conversions add column user_id integer`.execute(db);
  await sql`create index file_conversions_turns_idx on file_conversions (tenant_id, claimed_at)`.execute(db);
}
