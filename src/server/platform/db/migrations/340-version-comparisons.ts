import { sql, type Kysely } from 'kysely';

/**
 * Comparisons of two versions of one file (the changed regions of a PDF drawing, the element
 * differences of an IFC model), computed once per pair of versions and kept; a new result format
 * is computed again. Goes with either version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table version_comparisons (
      version_comparison_id bigserial primary key,
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      older_version_id integer not null references project_file_versions(project_file_version_id) on delete cascade,
      newer_version_id integer not null references project_file_versions(project_file_version_id) on delete cascade,
      kind text not null check (kind in ('pdf', 'model')),
      format text not null,
      result jsonb not null,
      duration_ms integer not null,
      created_at timestamptz not null default now(),
      unique (older_version_id, newer_version_id, kind, format)
    )`.execute(db);
  await sql`create index version_comparisons_newer_idx on version_comparisons (newer_version_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table version_comparisons`.execute(db);
}
