import { sql, type Selectable } from 'kysely';
import { visibleProduct } from './catalogue-repository';
import type { Database } from '../../platform/db/database';
import { tenantLanguageOf } from '../../platform/db/tenant-language';
import type {
  AacOrderItemsTable,
  AacProductsTable,
  LintelOrderItemsTable,
  LintelProductsTable,
} from '../../platform/db/tables/orders';

/** A product with its tenant's language (the titles' fallback: textInLanguage). */
export type AacProductRow = Selectable<AacProductsTable> & { tenant_language: string };
export type LintelProductRow = Selectable<LintelProductsTable> & { tenant_language: string };
export type AacItemRow = Selectable<AacOrderItemsTable>;
export type LintelItemRow = Selectable<LintelOrderItemsTable>;

const tenantLanguage = (table: 'aac_products' | 'lintel_products') =>
  tenantLanguageOf(`${table}.tenant_id`).as('tenant_language');

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

/** The tenant's catalogue; `activeOnly` for what an order page may offer. */
export function findAacProducts(db: Database, tenantId: number, activeOnly = false): Promise<AacProductRow[]> {
  return db
    .selectFrom('aac_products')
    .selectAll()
    .select(tenantLanguage('aac_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('aac_products'))
    .$if(activeOnly, (q) => q.where('active', '=', true))
    .orderBy('thickness_mm')
    .orderBy('width_mm')
    .orderBy('article_no')
    .execute();
}

export function findLintelProducts(db: Database, tenantId: number, activeOnly = false): Promise<LintelProductRow[]> {
  return db
    .selectFrom('lintel_products')
    .selectAll()
    .select(tenantLanguage('lintel_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('lintel_products'))
    .$if(activeOnly, (q) => q.where('active', '=', true))
    .orderBy('thickness_mm')
    .orderBy('length_mm')
    .orderBy('height_mm')
    .orderBy('item_no')
    .execute();
}

/** Only the products with these ids (the items of one lot), inactive ones included. */
export async function findAacProductsByIds(db: Database, tenantId: number, ids: number[]): Promise<AacProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('aac_products')
    .selectAll()
    .select(tenantLanguage('aac_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('aac_products'))
    .where('aac_product_id', 'in', [...new Set(ids)])
    .execute();
}

export async function findLintelProductsByIds(
  db: Database,
  tenantId: number,
  ids: number[],
): Promise<LintelProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('lintel_products')
    .selectAll()
    .select(tenantLanguage('lintel_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('lintel_products'))
    .where('lintel_product_id', 'in', [...new Set(ids)])
    .execute();
}

export function findAacProduct(db: Database, tenantId: number, productId: number): Promise<AacProductRow | undefined> {
  return db
    .selectFrom('aac_products')
    .selectAll()
    .select(tenantLanguage('aac_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('aac_products'))
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
    .select(tenantLanguage('lintel_products'))
    .where('tenant_id', '=', tenantId)
    .where(visibleProduct('lintel_products'))
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

/** The order-item tables and their key columns (the lot's positions are unique per table). */
export const itemTables = {
  aac: { table: 'aac_order_items', id: 'aac_order_lot_item_id' },
  lintel: { table: 'lintel_order_items', id: 'lintel_order_lot_item_id' },
} as const;
export type ItemTable = (typeof itemTables)[keyof typeof itemTables];

/** The next free position of a lot, as an expression evaluated by the inserting statement itself. */
function nextPosition({ table }: ItemTable, unitId: number) {
  return sql<number>`(select coalesce(max(item_index), 0) + 1 from ${sql.table(table)} where project_unit_id = ${unitId})`;
}

/**
 * Locks the order lot's row until the transaction ends: creates and deletes of its rows queue up,
 * so positions are counted and closed up by one writer at a time (no clash, no deadlock).
 */
export async function lockOrderLot(trx: Database, unitId: number): Promise<void> {
  await trx
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('project_unit_id', '=', unitId)
    .forUpdate()
    .execute();
}

/** Closes the gap a deleted position leaves; in two steps, so the unique index never sees a clash. */
export async function closePositionGap(trx: Database, { table }: ItemTable, unitId: number, position: number) {
  await sql`update ${sql.table(table)} set item_index = -item_index
    where project_unit_id = ${unitId} and item_index > ${position}`.execute(trx);
  await sql`update ${sql.table(table)} set item_index = -item_index - 1
    where project_unit_id = ${unitId} and item_index < 0`.execute(trx);
}

export type NewItem<Row> = Omit<Row, 'version' | 'updated_at' | 'item_index'>;

export function insertAacItem(
  db: Database,
  values: Omit<NewItem<AacItemRow>, 'aac_order_lot_item_id'>,
): Promise<AacItemRow> {
  return db
    .insertInto('aac_order_items')
    .values({ ...values, item_index: nextPosition(itemTables.aac, values.project_unit_id) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertLintelItem(
  db: Database,
  values: Omit<NewItem<LintelItemRow>, 'lintel_order_lot_item_id'>,
): Promise<LintelItemRow> {
  return db
    .insertInto('lintel_order_items')
    .values({ ...values, item_index: nextPosition(itemTables.lintel, values.project_unit_id) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type AacItemValues = Pick<AacItemRow, 'sublot_name' | 'floor_name' | 'aac_product_id' | 'item_length' | 'qty'>;
export type LintelItemValues = Pick<
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
>;

/** Writes only when the stored version is the one the client edited; undefined otherwise. */
export function updateAacItem(
  db: Database,
  itemId: number,
  version: number,
  values: AacItemValues,
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
  values: LintelItemValues,
): Promise<LintelItemRow | undefined> {
  return db
    .updateTable('lintel_order_items')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('lintel_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the row at its version; answers its lot and position (undefined when stale). */
export function deleteAacItem(db: Database, itemId: number, version: number) {
  return db
    .deleteFrom('aac_order_items')
    .where('aac_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .returning(['project_unit_id', 'item_index'])
    .executeTakeFirst();
}

export function deleteLintelItem(db: Database, itemId: number, version: number) {
  return db
    .deleteFrom('lintel_order_items')
    .where('lintel_order_lot_item_id', '=', itemId)
    .where('version', '=', version)
    .returning(['project_unit_id', 'item_index'])
    .executeTakeFirst();
}

/** The order lot with its project, and its site records (the lot's own, else the project's). */
export function findOrderLotForConfirmation(db: Database, unitId: number) {
  return db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select([
      'u.project_unit_no',
      'u.title',
      'u.delivery_date',
      'r.project_unit_no as project_no',
      'r.title as project_title',
      sql<number | null>`coalesce(u.site_address_id, r.site_address_id)`.as('site_address_id'),
      sql<number | null>`coalesce(u.site_contact_id, r.site_contact_id)`.as('site_contact_id'),
    ])
    .where('u.project_unit_id', '=', unitId)
    .executeTakeFirst();
}

/** When the order was placed and by whom: the journal entry that left PlaceOrder (the latest). */
export function findOrderPlacement(db: Database, unitId: number) {
  return db
    .selectFrom('project_unit_journal as j')
    .leftJoin('users as us', 'us.user_id', 'j.user_id')
    .select(['j.created_at', 'j.user_email', 'us.first_name', 'us.last_name', 'us.deleted_at'])
    .where('j.project_unit_id', '=', unitId)
    .where(sql<boolean>`j.content_json->>'oldState' = 'PlaceOrder'`)
    .orderBy('j.created_at', 'desc')
    .executeTakeFirst();
}

/** The unit of an order confirmation mail with its project's title. */
export function findUnitForOrderMail(db: Database, unitId: number) {
  return db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select([
      'u.project_unit_id',
      'u.tenant_id',
      'u.project_unit_type',
      'u.project_unit_no',
      'u.title',
      'u.root_project_unit_id',
      'r.title as root_title',
    ])
    .where('u.project_unit_id', '=', unitId)
    .executeTakeFirst();
}

/** "First Last" of a user (empty when unknown), for the order mail. */
export async function findPersonName(db: Database, userId: number): Promise<string> {
  const u = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return u ? [u.first_name, u.last_name].filter(Boolean).join(' ') : '';
}
