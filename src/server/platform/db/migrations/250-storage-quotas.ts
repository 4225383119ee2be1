import { sql, type Kysely } from 'kysely';

/**
 * Storage quotas: one row per tenant with the bytes and files it stores (`file_blobs`, the bytes
 * on disk: several versions of the same content share one) and the bytes and uploads it has
 * announced and not yet finished (`file_uploads` without a version). Triggers keep the row in the
 * transaction that changes those tables, so every path (upload, refusal, purge, tenant deletion,
 * demo data) counts alike and reading the usage is one row. An upload's creation takes the row's
 * lock when it adds its size, so two creations at once cannot both pass the same remaining space.
 *
 * `quota_bytes` / `quota_files` are the operator's per-tenant values (null: the server's default,
 * TENANT_STORAGE_QUOTA_MB / TENANT_FILE_QUOTA).
 *
 * `file_uploads.touched_at`: the last time bytes of an upload arrived; an upload idle for long
 * no longer counts as one of its user's open uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_storage_usage')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('stored_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stored_files', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_uploads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_bytes', 'bigint')
    .addColumn('quota_files', 'integer')
    .execute();

  await sql`alter table file_uploads add column touched_at timestamptz not null default now()`.execute(db);
  await sql`update file_uploads set touched_at = created_at`.execute(db);
  // The open uploads of a user: a lookup by user among the unfinished ones.
  await sql`create index file_uploads_open_idx on file_uploads (user_id, touched_at) where project_file_version_id is null`.execute(
    db,
  );

  // Increments insert the row when missing; decrements only update, so a tenant being deleted
  // (whose row may already be gone) is never given a new one.
  await sql`
    create function tenant_storage_blobs() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into tenant_storage_usage as u (tenant_id, stored_bytes, stored_files)
          values (new.tenant_id, new.size, 1)
          on conflict (tenant_id) do update
            set stored_bytes = u.stored_bytes + excluded.stored_bytes, stored_files = u.stored_files + 1;
      elsif tg_op = 'DELETE' then
        update tenant_storage_usage
          set stored_bytes = stored_bytes - old.size, stored_files = stored_files - 1
          where tenant_id = old.tenant_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tenant_storage_blobs after insert or delete on file_blobs
    for each row execute function tenant_storage_blobs()`.execute(db);

  await sql`
    create function tenant_storage_uploads() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.project_file_version_id is null then
        update tenant_storage_usage
          set pending_bytes = pending_bytes - old.size, pending_uploads = pending_uploads - 1
          where tenant_id = old.tenant_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.project_file_version_id is null then
        insert into tenant_storage_usage as u (tenant_id, pending_bytes, pending_uploads)
          values (new.tenant_id, new.size, 1)
          on conflict (tenant_id) do update
            set pending_bytes = u.pending_bytes + excluded.pending_bytes, pending_uploads = u.pending_uploads + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tenant_storage_uploads
    after insert or delete or update of project_file_version_id, size, tenant_id on file_uploads
    for each row execute function tenant_storage_uploads()`.execute(db);

  await sql`
    insert into tenant_storage_usage (tenant_id, stored_bytes, stored_files, pending_bytes, pending_uploads)
    select t.tenant_id,
           coalesce((select sum(b.size) from file_blobs b where b.tenant_id = t.tenant_id), 0),
           (select count(*) from file_blobs b where b.tenant_id = t.tenant_id),
           coalesce((select sum(f.size) from file_uploads f
                     where f.tenant_id = t.tenant_id and f.project_file_version_id is null), 0),
           (select count(*) from file_uploads f
             where f.tenant_id = t.tenant_id and f.project_file_version_id is null)
    from tenants t`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists tenant_storage_uploads on file_uploads`.execute(db);
  await sql`drop trigger if exists tenant_storage_blobs on file_blobs`.execute(db);
  await sql`drop function if exists tenant_storage_uploads()`.execute(db);
  await sql`drop function if exists tenant_storage_blobs()`.execute(db);
  await sql`drop index if exists file_uploads_open_idx`.execute(db);
  await sql`alter table file_uploads drop column if exists touched_at`.execute(db);
  await db.schema.dropTable('tenant_storage_usage').execute();
}
