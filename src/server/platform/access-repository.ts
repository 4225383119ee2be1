import { sql } from 'kysely';
import type { Database } from './db/database';
import type { OrderLotType, SiteRecordKind } from './access';

/** The lookups behind `requireAccess` that are not the project access itself. */

export async function orderItemLot(db: Database, lotType: OrderLotType, itemId: number): Promise<number | null> {
  const row =
    lotType === 'aacorderlot'
      ? await db
          .selectFrom('aac_order_items')
          .select('project_unit_id')
          .where('aac_order_lot_item_id', '=', itemId)
          .executeTakeFirst()
      : await db
          .selectFrom('lintel_order_items')
          .select('project_unit_id')
          .where('lintel_order_lot_item_id', '=', itemId)
          .executeTakeFirst();
  return row?.project_unit_id ?? null;
}

export async function siteRecordUnit(
  db: Database,
  kind: SiteRecordKind,
  recordId: number,
): Promise<{ project_unit_id: number | null; tenant_id: number } | undefined> {
  return kind === 'address'
    ? db
        .selectFrom('addresses')
        .select(['project_unit_id', 'tenant_id'])
        .where('address_id', '=', recordId)
        .executeTakeFirst()
    : db
        .selectFrom('contacts')
        .select(['project_unit_id', 'tenant_id'])
        .where('contact_id', '=', recordId)
        .executeTakeFirst();
}

export async function holdsPlaceOrderTask(db: Database, userId: number, unitId: number): Promise<boolean> {
  return holdsOpenTask(db, userId, unitId, 'PlaceOrder');
}

/** Whether the user holds an open task of this key on the unit. */
export async function holdsOpenTask(db: Database, userId: number, unitId: number, taskKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('tasks')
    .select('task_id')
    .where('project_unit_id', '=', unitId)
    .where('user_id', '=', userId)
    .where('task_key', '=', taskKey)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countLotItems(db: Database, unitId: number): Promise<number> {
  const [aac, lintel] = await Promise.all([
    db
      .selectFrom('aac_order_items')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('project_unit_id', '=', unitId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lintel_order_items')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('project_unit_id', '=', unitId)
      .executeTakeFirstOrThrow(),
  ]);
  return aac.n + lintel.n;
}
