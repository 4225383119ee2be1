import { sql, type Kysely } from 'kysely';

/**
 * The scale of a page of a PDF file version for measuring: two points (fractions of the page),
 * the page's size in PDF points and the real length between the points. One per page; a new
 * calibration of the page replaces it. Goes with the version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sheet_calibrations (
      project_file_version_id integer not null references project_file_versions(project_file_version_id) on delete cascade,
      page integer not null check (page between 1 and 10000),
      tenant_id integer not null references tenants(tenant_id) on delete cascade,
      x1 double precision not null check (x1 between 0 and 1),
      y1 double precision not null check (y1 between 0 and 1),
      x2 double precision not null check (x2 between 0 and 1),
      y2 double precision not null check (y2 between 0 and 1),
      page_width double precision not null check (page_width > 0),
      page_height double precision not null check (page_height > 0),
      length_mm double precision not null check (length_mm > 0),
      calibrated_by integer references users(user_id) on delete set null,
      calibrated_at timestamptz not null,
      primary key (project_file_version_id, page)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sheet_calibrations`.execute(db);
}
