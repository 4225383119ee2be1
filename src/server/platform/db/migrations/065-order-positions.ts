import { sql, type Kysely } from 'kysely';

const tables = [
  { table: 'aac_order_items', id: 'aac_order_lot_item_id' },
  { table: 'lintel_order_items', id: 'lintel_order_lot_item_id' },
] as const;

/**
 * Positions of order items are unique per lot: existing rows are renumbered 1..n in their current
 * order (earlier deletes could leave gaps and duplicates), then a unique index keeps them so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, id } of tables) {
    await sql`
      update ${sql.table(table)} as t set item_index = r.position
      from (
        select ${sql.ref(id)} as item_id,
               row_number() over (partition by project_unit_id order by item_index, ${sql.ref(id)})::int as position
        from ${sql.table(table)}
      ) r
      where t.${sql.ref(id)} = r.item_id and t.item_index <> r.position`.execute(db);
    await sql`drop index if exists ${sql.id(`${table}_unit_idx`)}`.execute(db);
    await sql`create unique index ${sql.id(`${table}_position_uq`)} on ${sql.table(table)} (project_unit_id, item_index)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of tables) {
    await sql`drop index if exists ${sql.id(`${table}_position_uq`)}`.execute(db);
    await sql`create index ${sql.id(`${table}_unit_idx`)} on ${sql.table(table)} (project_unit_id, item_index)`.execute(
      db,
    );
  }
}
