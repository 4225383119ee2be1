import { sql, type Kysely } from 'kysely';

/**
 * Catalogue imports are staged here in short chunks, then merged into the catalogue in one short
 * transaction, so a large file never holds the database for long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('row', 'jsonb', (c) => c.notNull())
    .addColumn('staged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index catalogue_import_rows_import_idx on catalogue_import_rows (import_id)`.execute(db);
  // The deactivation looks products up by number among the staged rows.
  await sql`create index catalogue_import_rows_key_idx on catalogue_import_rows (import_id, (coalesce(row->>'article_no', row->>'item_no')))`.execute(
    db,
  );
}
