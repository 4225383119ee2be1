import { sql, type Kysely } from 'kysely';

/**
 * Creating projects on a fresh tenant: number sequences that never hand out a number twice
 * (per tenant and year for root projects, per parent for child units), and the roles a user
 * usually holds in the tenant (who may create projects; the roles offered when they are added).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unit_number_sequences')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    // `root:2026` for the projects of a year, `unit:<id>` for the children of a unit.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('unit_number_sequences_pk', ['tenant_id', 'scope'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('role_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role_keys').execute();
  await db.schema.dropTable('unit_number_sequences').ifExists().execute();
}
