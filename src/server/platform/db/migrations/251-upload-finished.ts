import { sql, type Kysely } from 'kysely';

/**
 * An upload is finished when its version is recorded (`finished_at`), and stays finished when that
 * version is later purged: the reference to it is then set null, which must neither count the
 * upload as announced again (tenant usage) nor as one of its user's open uploads. The usage's
 * announced part is counted again from the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table file_uploads add column finished_at timestamptz`.execute(db);
  await sql`update file_uploads set finished_at = created_at where project_file_version_id is not null`.execute(db);

  await sql`drop trigger tenant_storage_uploads on file_uploads`.execute(db);
  await sql`
    create or replace function tenant_storage_uploads() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.finished_at is null then
        update tenant_storage_usage
          set pending_bytes = pending_bytes - old.size, pending_uploads = pending_uploads - 1
          where tenant_id = old.tenant_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.finished_at is null then
        insert into tenant_storage_usage as u (tenant_id, pending_bytes, pending_uploads)
          values (new.tenant_id, new.size, 1)
          on conflict (tenant_id) do update
            set pending_bytes = u.pending_bytes + excluded.pending_bytes, pending_uploads = u.pending_uploads + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tenant_storage_uploads
    after insert or delete or update of finished_at, size, tenant_id on file_uploads
    for each row execute function tenant_storage_uploads()`.execute(db);
  await sql`update tenant_storage_usage u set
      pending_bytes = coalesce((select sum(f.size) from file_uploads f
                                where f.tenant_id = u.tenant_id and f.finished_at is null), 0),
      pending_uploads = (select count(*) from file_uploads f where f.tenant_id = u.tenant_id and f.finished_at is null)`.execute(
    db,
  );

  await sql`drop index file_uploads_open_idx`.execute(db);
  await sql`create index file_uploads_open_idx on file_uploads (user_id, touched_at) where finished_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index file_uploads_open_idx`.execute(db);
  await sql`create index file_uploads_open_idx on file_uploads (user_id, touched_at) where project_file_version_id is null`.execute(
    db,
  );
  await sql`drop trigger tenant_storage_uploads on file_uploads`.execute(db);
  await sql`
    create or replace function tenant_storage_uploads() returns trigger language plpgsql as $$
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
  await sql`alter table file_uploads drop column finished_at`.execute(db);
}
