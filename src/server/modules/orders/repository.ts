import { sql, type Selectable } from 'kysely';
import type { Database } from '../../platform/db/database';
import type {
  AacOrderItemsTable,
  AacProductsTable,
  LintelOrderItemsTable,
  LintelProductsTable,
} from '../../platform/db/tables/orders';

export type AacProductRow = Selectable<AacProductsTable>;
export type LintelProductRow = Selectable<LintelProductsTable>;
export type AacItemRow = Selectable<AacOrderItemsTable>;
export type LintelItemRow = Selectable<LintelOrderItemsTable>;

/** True when the user holds an open PlaceOrder task on the unit. */
export async function hasOpenPlaceOrderTask(db: Database, userId: number, unitId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tasks')
    .select('task_id')
    .where('project_unit_id', '=', unitId)
    .where('user_id', '=', userId)
    .where('task_key', '=', 'PlaceOrder')
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function findAacProducts(db: Database, tenantId: number): Promise<AacProductRow[]> {
  return db
    .selectFrom('aac_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('thickness_mm')
    .orderBy('width_mm')
    .orderBy('article_no')
    .execute();
}

export function findLintelProducts(db: Database, tenantId: number): Promise<LintelProductRow[]> {
  return db
    .selectFrom('lintel_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('thickness_mm')
    .orderBy('length_mm')
    .orderBy('height_mm')
    .orderBy('item_no')
    .execute();
}

export function findAacProduct(db: Database, tenantId: number, productId: number): Promise<AacProductRow | undefined> {
  return db
    .selectFrom('aac_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('aac_product_id', '=', productId)
    .executeTakeFirst();
}

export function findLintelProduct(
  db: Database,
  tenantId: number,
  productId: number,
): Promise<LintelProductRow | undefined> {
  return db
    .selectFrom('lintel_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('lintel_product_id', '=', productId)
    .executeTakeFirst();
}

export function findAacItems(db: Database, unitId: number): Promise<AacItemRow[]> {
  return db
    .selectFrom('aac_order_items')
    .selectAll()
    .where('project_unit_id', '=', unitId)
    .orderBy('item_index')
    .orderBy('aac_order_lot_item_id')
    .execute();
}

export function findLintelItems(db: Database, unitId: number): Promise<LintelItemRow[]> {
  return db
    .selectFrom('lintel_order_items')
    .selectAll()
    .where('project_unit_id', '=', unitId)
    .orderBy('item_index')
    .orderBy('lintel_order_lot_item_id')
    .execute();
}

export function findAacItem(db: Database, itemId: number): Promise<AacItemRow | undefined> {
  return db.selectFrom('aac_order_items').selectAll().where('aac_order_lot_item_id', '=', itemId).executeTakeFirst();
}

export function findLintelItem(db: Database, itemId: number): Promise<LintelItemRow | undefined> {
  return db
    .selectFrom('lintel_order_items')
    .selectAll()
    .where('lintel_order_lot_item_id', '=', itemId)
    .executeTakeFirst();
}

export async function nextItemIndex(
  db: Database,
  table: 'aac_order_items' | 'lintel_order_items',
  unitId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(item_index), 0)::int + 1`.as('next'))
    .where('project_unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row.next;
}

export function insertAacItem(
  db: Database,
  values: Omit<AacItemRow, 'aac_order_lot_item_id' | 'version' | 'updated_at'>,
): Promise<AacItemRow> {
  return db.insertInto('aac_order_items').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertLintelItem(
  db: Database,
  values: Omit<LintelItemRow, 'lintel_order_lot_item_id' | 'version' | 'updated_at'>,
): Promise<LintelItemRow> {
  return db.insertInto('lintel_order_items').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes only when the stored version is the one the client edited; undefined otherwise. */
export function updateAacItem(
  db: Database,
  itemId: number,
  version: number,
  values: Pick<AacItemRow, 'sublot_name' | 'floor_name' | 'aac_product_id' | 'item_length' | 'qty' | 'item_index'>,
): Promise<AacItemRow | undefined> {
  return db
    .updateTable('aac_order_items')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('aac_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export function updateLintelItem(
  db: Database,
  itemId: number,
  version: number,
  values: Pick<
    LintelItemRow,
    | 'sublot_name'
    | 'floor_name'
    | 'lintel_product_id'
    | 'thickness_mm'
    | 'length_mm'
    | 'height_mm'
    | 'has_cut'
    | 'lintel_type'
    | 'qty'
    | 'item_index'
  >,
): Promise<LintelItemRow | undefined> {
  return db
    .updateTable('lintel_order_items')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('lintel_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAacItem(db: Database, itemId: number, version: number): Promise<boolean> {
  const res = await db
    .deleteFrom('aac_order_items')
    .where('aac_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function deleteLintelItem(db: Database, itemId: number, version: number): Promise<boolean> {
  const res = await db
    .deleteFrom('lintel_order_items')
    .where('lintel_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function countOrderItems(db: Database, unitId: number): Promise<number> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from aac_order_items where project_unit_id = ${unitId}) + (select count(*)::int from lintel_order_items where project_unit_id = ${unitId})`.as(
        'n',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row.n;
}
