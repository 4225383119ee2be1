import { sql, type Kysely } from 'kysely';

/** Catalogues (AAC elements, lintels) per tenant and the order items of the order lots. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aac_products')
    .addColumn('aac_product_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('article_no', 'text', (c) => c.notNull())
    .addColumn('thickness_mm', 'integer', (c) => c.notNull())
    .addColumn('width_mm', 'integer', (c) => c.notNull())
    .addColumn('min_length_mm', 'integer', (c) => c.notNull())
    .addColumn('max_length_mm', 'integer', (c) => c.notNull())
    .addColumn('length_step_mm', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('pallet_capacity', sql`numeric(8,3)`, (c) => c.notNull())
    .addColumn('color_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('aac_products_article_uq', ['tenant_id', 'article_no'])
    .addCheckConstraint(
      'aac_products_dims_ck',
      sql`thickness_mm > 0 and width_mm > 0 and min_length_mm > 0 and max_length_mm >= min_length_mm and pallet_capacity > 0`,
    )
    .execute();

  await db.schema
    .createTable('lintel_products')
    .addColumn('lintel_product_id', 'serial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('item_no', 'text', (c) => c.notNull())
    .addColumn('lintel_type', 'text', (c) => c.notNull())
    .addColumn('thickness_mm', 'integer', (c) => c.notNull())
    .addColumn('length_mm', 'integer', (c) => c.notNull())
    .addColumn('height_mm', 'integer', (c) => c.notNull())
    .addColumn('pieces_per_pallet', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('lintel_products_item_uq', ['tenant_id', 'item_no'])
    .addCheckConstraint('lintel_products_type_ck', sql`lintel_type in ('standard', 'FS', 'load-bearing')`)
    .execute();

  await db.schema
    .createTable('aac_order_items')
    .addColumn('aac_order_lot_item_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('item_index', 'integer', (c) => c.notNull())
    .addColumn('sublot_name', 'text')
    .addColumn('floor_name', 'text')
    .addColumn('aac_product_id', 'integer', (c) => c.notNull().references('aac_products.aac_product_id'))
    .addColumn('item_length', sql`numeric(8,3)`, (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index aac_order_items_unit_idx on aac_order_items (project_unit_id, item_index)`.execute(db);

  await db.schema
    .createTable('lintel_order_items')
    .addColumn('lintel_order_lot_item_id', 'serial', (c) => c.primaryKey())
    .addColumn('project_unit_id', 'integer', (c) =>
      c.notNull().references('project_units.project_unit_id').onDelete('cascade'),
    )
    .addColumn('item_index', 'integer', (c) => c.notNull())
    .addColumn('sublot_name', 'text')
    .addColumn('floor_name', 'text')
    .addColumn('lintel_product_id', 'integer', (c) => c.notNull().references('lintel_products.lintel_product_id'))
    .addColumn('thickness_mm', 'integer', (c) => c.notNull())
    .addColumn('length_mm', 'integer', (c) => c.notNull())
    .addColumn('height_mm', 'integer', (c) => c.notNull())
    .addColumn('has_cut', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lintel_type', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index lintel_order_items_unit_idx on lintel_order_items (project_unit_id, item_index)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['lintel_order_items', 'aac_order_items', 'lintel_products', 'aac_products'])
    await db.schema.dropTable(t).execute();
}
