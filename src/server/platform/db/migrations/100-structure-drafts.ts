import type { Kysely } from 'kysely';

/**
 * The structure editor's server-side draft (Save): one per root project, so a colleague can
 * continue it; removed when structuring is finished.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('structure_drafts')
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.primaryKey().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('structure_drafts').execute();
}
