import { sql, type Kysely } from 'kysely';

const tables = ['project_units', 'addresses', 'contacts', 'banner_notifications'] as const;

/**
 * Units, site addresses, contacts and banners carry a version: a save names the version it
 * edited and is refused (409) when someone saved in between. Site records are looked up by their
 * unit (the cap of records per unit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables)
    await sql`alter table ${sql.table(table)} add column version integer not null default 1`.execute(db);
  await sql`create index if not exists addresses_unit_idx on addresses (project_unit_id)`.execute(db);
  await sql`create index if not exists contacts_unit_idx on contacts (project_unit_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists addresses_unit_idx`.execute(db);
  await sql`drop index if exists contacts_unit_idx`.execute(db);
  for (const table of tables) await sql`alter table ${sql.table(table)} drop column version`.execute(db);
}
