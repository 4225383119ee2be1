import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/**
 * How many order items an order lot still holds (AAC and lintel order tables of the orders
 * module). "An order lot that still has items cannot be deleted until the items are removed."
 */
export async function countOrderItems(db: Database, projectUnitId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from aac_order_items where project_unit_id = ${projectUnitId})::int
         + (select count(*) from lintel_order_items where project_unit_id = ${projectUnitId})::int as n`.execute(db);
  return rows[0]?.n ?? 0;
}
