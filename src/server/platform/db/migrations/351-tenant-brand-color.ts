import { sql, type Kysely } from 'kysely';

/**
 * The tenant's brand colour (`#rrggbb`, lower case), the colour of the browser's chrome for its
 * users (web app manifest and `theme-color`); null: the product's colour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenants add column brand_color text
      check (brand_color ~ '^#[0-9a-f]{6}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants drop column brand_color`.execute(db);
}
