import { sql, type Kysely } from 'kysely';

/**
 * Project files: per-tenant policy, stored objects (blobs), files with versions, resumable
 * uploads in progress, prepared zip downloads; the request-drawings guard on existing tenants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_file_policies')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('allowed_kinds', sql`text[]`, (c) => c.notNull())
    .addColumn('max_file_size_bytes', 'bigint', (c) => c.notNull())
    .addCheckConstraint('tenant_file_policies_size_ck', sql`max_file_size_bytes > 0`)
    .execute();

  // Bytes in the storage driver; several versions may share one blob (same content, same tenant).
  await db.schema
    .createTable('file_blobs')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('unreferenced_since', 'timestamptz')
    .execute();
  await sql`create index file_blobs_sha_idx on file_blobs (tenant_id, sha256)`.execute(db);

  await db.schema
    .createTable('project_files')
    .addColumn('project_file_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await sql`create unique index project_files_name_uq on project_files (project_unit_id, name_key) where deleted_at is null`.execute(
    db,
  );
  await sql`create index project_files_root_idx on project_files (root_project_unit_id) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('project_file_versions')
    .addColumn('project_file_version_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_file_id', 'integer', (c) =>
      c.notNull().references('project_files.project_file_id').onDelete('cascade'),
    )
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().references('file_blobs.storage_key'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('project_file_versions_no_uq', ['project_file_id', 'version_no'])
    .execute();
  await sql`create index project_file_versions_key_idx on project_file_versions (storage_key)`.execute(db);

  // A resumable upload in progress; the id is the tus upload id.
  await db.schema
    .createTable('file_uploads')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('project_file_version_id', 'integer', (c) =>
      c.references('project_file_versions.project_file_version_id').onDelete('set null'),
    )
    .execute();

  await db.schema
    .createTable('file_downloads')
    .addColumn('download_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('version_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Existing tenants: drawings can only be requested once a file is there.
  await sql`update workflow_definitions set guard = 'unitHasFiles'
    where unit_type = 'approvallot' and state_key = 'ProvideFiles' and action = 'request-drawings' and guard is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update workflow_definitions set guard = null where guard = 'unitHasFiles'`.execute(db);
  for (const t of ['file_downloads', 'file_uploads', 'project_file_versions', 'project_files', 'file_blobs']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.dropTable('tenant_file_policies').execute();
}
