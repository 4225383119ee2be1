import { sql, type Kysely } from 'kysely';

/**
 * Model conversions are claimed in fair turns (the tenant, then the user served longest ago) and
 * count their attempts: a model whose conversion was interrupted too often (its process died each
 * time) is failed instead of taken again without end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table file_conversions add column attempts integer not null default 0`.execute(db);
  await sql`alter table file_conversions add column claimed_at timestamptz`.execute(db);
  await sql`alter table file_conversions add column tenant_id integer`.execute(db);
  await sql`alter table file_conversions add column user_id integer`.execute(db);
  await sql`
    update file_conversions c set tenant_id = f.tenant_id, user_id = v.uploaded_by, claimed_at = c.updated_at,
      attempts = 1
    from project_file_versions v join project_files f on f.project_file_id = v.project_file_id
    where v.project_file_version_id = c.project_file_version_id`.execute(db);
  await sql`create index file_conversions_turns_idx on file_conversions (tenant_id, claimed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index file_conversions_turns_idx`.execute(db);
  for (const column of ['attempts', 'claimed_at', 'tenant_id', 'user_id']) {
    await sql`alter table file_conversions drop column ${sql.ref(column)}`.execute(db);
  }
}
