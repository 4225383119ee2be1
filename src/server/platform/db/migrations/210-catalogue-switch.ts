import { sql, type Kysely } from 'kysely';

/**
 * Catalogue imports merge in short chunks: new products are written hidden (`import_id` set)
 * until their import is switched in one short transaction (`catalogue_imports.switched_at`); the
 * staged rows are numbered for the chunks and carry the product they match and whether it changed;
 * the products missing from the file are listed in chunks before the switch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_imports')
    .addColumn('import_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('switched_at', 'timestamptz')
    .execute();
  // One import under way per catalogue: a second one is refused until the first is switched.
  await sql`create unique index catalogue_imports_running_idx on catalogue_imports (tenant_id, kind) where switched_at is null`.execute(
    db,
  );
  for (const table of ['aac_products', 'lintel_products']) {
    await db.schema.alterTable(table).addColumn('import_id', 'text').execute();
    await sql`create index ${sql.raw(`${table}_import_idx`)} on ${sql.table(table)} (import_id) where import_id is not null`.execute(
      db,
    );
  }
  await db.schema
    .alterTable('catalogue_import_rows')
    .addColumn('row_no', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('changed', 'boolean')
    .execute();
  await sql`create index catalogue_import_rows_no_idx on catalogue_import_rows (import_id, row_no)`.execute(db);
  await sql`create index catalogue_import_rows_changed_idx on catalogue_import_rows (import_id) where changed`.execute(
    db,
  );
  // The products missing from the file, found in chunks before the switch deactivates them.
  await db.schema
    .createTable('catalogue_import_retired')
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_import_retired_pk', ['import_id', 'product_id'])
    .execute();
}
