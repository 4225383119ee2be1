import { sql, type Kysely } from 'kysely';

/**
 * The manufacturer's outlook: a weekly capacity per plant (m³ of AAC, left empty where none is
 * planned), and indexes that let the weekly aggregates find dated materials and lot memberships
 * without walking every unit of the tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plants add column weekly_capacity numeric(12,3)`.execute(db);
  await sql`create index materials_dated_idx on materials (delivery_date, type) where delivery_date is not null`.execute(
    db,
  );
  await sql`create index delivery_lots_tenant_day_idx on delivery_lots (tenant_id, (coalesce(confirmed_date, requested_date)))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index delivery_lots_tenant_day_idx`.execute(db);
  await sql`drop index materials_dated_idx`.execute(db);
  await sql`alter table plants drop column weekly_capacity`.execute(db);
}
