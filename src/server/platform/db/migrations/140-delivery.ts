import { sql, type Kysely } from 'kysely';

/**
 * Delivery planning: delivery lots (one truck date for approval lots and walls; requested and
 * confirmed date), the approval lots each lot delivers, the model trees generated from IFC files
 * (one per file version).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_lots')
    .addColumn('delivery_lot_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('root_project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('requested_date', 'date', (c) => c.notNull())
    .addColumn('confirmed_date', 'date')
    .addColumn('delivery_type', 'smallint', (c) => c.notNull())
    .addColumn('walls', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('delivery_lots_type_ck', sql`delivery_type in (0, 1, 2)`)
    .execute();
  await sql`create index delivery_lots_root_idx on delivery_lots (root_project_unit_id, (coalesce(confirmed_date, requested_date)))`.execute(
    db,
  );

  await db.schema
    .createTable('delivery_lot_units')
    .addColumn('delivery_lot_id', 'integer', (c) =>
      c.notNull().references('delivery_lots.delivery_lot_id').onDelete('cascade'),
    )
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('delivery_lot_units_pk', ['delivery_lot_id', 'project_unit_id'])
    .execute();
  await sql`create index delivery_lot_units_unit_idx on delivery_lot_units (project_unit_id)`.execute(db);

  await db.schema
    .createTable('model_trees')
    .addColumn('project_file_version_id', 'integer', (c) =>
      c.primaryKey().references('project_file_versions.project_file_version_id').onDelete('cascade'),
    )
    .addColumn('tree', 'jsonb', (c) => c.notNull())
    .addColumn('generation_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_trees').execute();
  await db.schema.dropTable('delivery_lot_units').execute();
  await db.schema.dropTable('delivery_lots').execute();
}
