import { sql, type Kysely } from 'kysely';

/**
 * The project information sheet: one row per root project with the sheet data (`_versions` plus
 * the values) and the validity the server computed when it was saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questionnaires')
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.primaryKey().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('is_valid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('questionnaires').execute();
}
