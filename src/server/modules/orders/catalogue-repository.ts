import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { AacCsvRow, LintelCsvRow } from './catalogue-csv';

export type ReplaceResult = { inserted: number; updated: number; deactivated: number };
export type CatalogueTable = 'aac_products' | 'lintel_products';

/** Rows staged per statement: each insert takes a few milliseconds, other requests go between them. */
export const STAGE_CHUNK_ROWS = 250;
/** Staged rows matched and new products written per statement, outside any long transaction. */
export const MERGE_CHUNK_ROWS = 1000;
/**
 * An import not switched after this long was abandoned (its process stopped; a 20,000-row import
 * takes seconds): its staged rows and hidden products are swept and the catalogue is free again.
 */
const STALE_IMPORT_MS = 15 * 60 * 1000;

/** How one catalogue's rows are read from the staged JSON and compared (identifiers are constants). */
type Shape = { id: string; key: string; columns: string[]; record: string };
const shapes: Record<CatalogueTable, Shape> = {
  aac_products: {
    id: 'aac_product_id',
    key: 'article_no',
    columns: [
      'title',
      'thickness_mm',
      'width_mm',
      'min_length_mm',
      'max_length_mm',
      'length_step_mm',
      'pallet_capacity',
      'color_index',
      'active',
      'title_by_language',
    ],
    record:
      'article_no text, title text, thickness_mm int, width_mm int, min_length_mm int, max_length_mm int, ' +
      'length_step_mm int, pallet_capacity numeric, color_index int, active boolean, title_by_language jsonb',
  },
  lintel_products: {
    id: 'lintel_product_id',
    key: 'item_no',
    columns: [
      'title',
      'lintel_type',
      'thickness_mm',
      'length_mm',
      'height_mm',
      'pieces_per_pallet',
      'active',
      'title_by_language',
    ],
    record:
      'item_no text, title text, lintel_type text, thickness_mm int, length_mm int, height_mm int, ' +
      'pieces_per_pallet int, active boolean, title_by_language jsonb',
  },
};

const raw = (text: string) => sql.raw(text);
const list = (prefix: string, columns: string[]) => raw(columns.map((c) => `${prefix}.${c}`).join(', '));

/**
 * A product is visible (to order pages, the admin list and every lookup) unless it is new in an
 * import that has not been switched yet.
 */
export function visibleProduct(table: CatalogueTable | 'p' | 'c'): RawBuilder<boolean> {
  return sql<boolean>`(${raw(`${table}.import_id`)} is null or exists (select 1 from catalogue_imports ci
    where ci.import_id = ${raw(`${table}.import_id`)} and ci.switched_at is not null))`;
}

/**
 * Starts an import of the tenant's catalogue; refused (null) while another import of the same
 * catalogue is under way, as the two would write the same new products.
 */
export async function startImport(
  db: Database,
  tenantId: number,
  table: CatalogueTable,
  now: Date,
): Promise<string | null> {
  await sweepStaleImports(db, now);
  // At most one unswitched import per catalogue (a partial unique index), also across instances.
  const started = await db
    .insertInto('catalogue_imports')
    .values({ import_id: crypto.randomUUID(), tenant_id: tenantId, kind: table, started_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'kind']).where('switched_at', 'is', null).doNothing())
    .returning('import_id')
    .executeTakeFirst();
  return started?.import_id ?? null;
}

async function sweepStaleImports(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STALE_IMPORT_MS);
  await db.deleteFrom('catalogue_import_rows').where('staged_at', '<', before).execute();
  const stale = await db
    .selectFrom('catalogue_imports')
    .select(['import_id', 'kind', 'switched_at'])
    .where('started_at', '<', before)
    .execute();
  for (const s of stale) {
    const table = s.kind as CatalogueTable;
    if (s.switched_at === null) await discardImport(db, table, s.import_id);
    else await settleImport(db, table, s.import_id);
  }
}

/** Stages the rows, numbered, in short statements (no transaction spans them). */
export async function stageRows(db: Database, importId: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STAGE_CHUNK_ROWS) {
    const chunk = JSON.stringify(rows.slice(i, i + STAGE_CHUNK_ROWS));
    await sql`insert into catalogue_import_rows (import_id, row, row_no)
      select ${importId}, value, ${i}::int + ordinality::int - 1 from jsonb_array_elements(${chunk}::jsonb) with ordinality`.execute(
      db,
    );
    await yieldTurn();
  }
}

// The embedded database answers on this thread: give waiting requests their turn.
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Merges staged rows `from` … `to` − 1 without changing anything visible: each row is matched to
 * the product with its number (and marked when it changes it), and the unmatched rows are written
 * as new products, hidden until the import is switched.
 */
export async function prepareChunk(
  db: Database,
  table: CatalogueTable,
  tenantId: number,
  importId: string,
  from: number,
  to: number,
): Promise<number> {
  const { id, key, columns, record } = shapes[table];
  await sql`update catalogue_import_rows s set product_id = m.product_id, changed = m.changed
    from (
      select s2.row_no, p.${raw(id)} as product_id,
        (${list('p', columns)}) is distinct from (${list('r', columns)}) as changed
      from catalogue_import_rows s2
      cross join lateral jsonb_to_record(s2.row) as r(${raw(record)})
      join ${raw(table)} p on p.tenant_id = ${tenantId} and p.${raw(key)} = r.${raw(key)} and ${visibleProduct('p')}
      where s2.import_id = ${importId} and s2.row_no >= ${from} and s2.row_no < ${to}
    ) m
    where s.import_id = ${importId} and s.row_no = m.row_no`.execute(db);
  const inserted = await sql`insert into ${raw(table)} (tenant_id, ${raw(key)}, ${raw(columns.join(', '))}, import_id)
    select ${tenantId}, r.${raw(key)}, ${list('r', columns)}, ${importId}
    from catalogue_import_rows s
    cross join lateral jsonb_to_record(s.row) as r(${raw(record)})
    where s.import_id = ${importId} and s.row_no >= ${from} and s.row_no < ${to} and s.product_id is null`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}

/**
 * Lists which of the tenant's next `MERGE_CHUNK_ROWS` products (by id, after `after`) are active
 * and missing from the file (they are deactivated at the switch), without changing anything
 * visible. Returns the last id looked at, or null after the last product.
 */
export async function retireChunk(
  db: Database,
  table: CatalogueTable,
  tenantId: number,
  importId: string,
  after: number,
): Promise<number | null> {
  const { id, key } = shapes[table];
  const { rows } = await sql<{ last: number | null }>`
    with chunk as (
      select ${raw(id)} as id, ${raw(key)} as key, active, import_id from ${raw(table)}
      where tenant_id = ${tenantId} and ${raw(id)} > ${after} order by ${raw(id)} limit ${MERGE_CHUNK_ROWS}
    ), listed as (
      insert into catalogue_import_retired (import_id, product_id)
      select ${importId}, c.id from chunk c
      where c.active and ${visibleProduct('c')} and not exists (
        select 1 from catalogue_import_rows s
        where s.import_id = ${importId} and coalesce(s.row->>'article_no', s.row->>'item_no') = c.key)
    )
    select max(id) as last from chunk`.execute(db);
  const last = rows[0]?.last;
  return last == null ? null : Number(last);
}

/**
 * Makes the prepared import the tenant's catalogue: the changed products are updated, the ones
 * missing from the file become inactive (old rows keep them), and the new ones become visible with
 * the import's switch. Run in one short transaction (its work is the changed and the missing
 * products only), so users see the old or the new catalogue, never half of it.
 */
export async function switchImport(trx: Database, table: CatalogueTable, importId: string, now: Date): Promise<number> {
  const { id, columns, record } = shapes[table];
  await sql`update ${raw(table)} p set ${raw(columns.map((c) => `${c} = r.${c}`).join(', '))}
    from catalogue_import_rows s cross join lateral jsonb_to_record(s.row) as r(${raw(record)})
    where s.import_id = ${importId} and s.changed and p.${raw(id)} = s.product_id`.execute(trx);
  const deactivated = await sql`update ${raw(table)} p set active = false
    from catalogue_import_retired r
    where r.import_id = ${importId} and p.${raw(id)} = r.product_id and p.active`.execute(trx);
  const switched = await trx
    .updateTable('catalogue_imports')
    .set({ switched_at: now })
    .where('import_id', '=', importId)
    .where('switched_at', 'is', null)
    .executeTakeFirst();
  // Swept meanwhile as abandoned: its hidden products are gone, so it must not count as applied.
  if (Number(switched.numUpdatedRows) !== 1) throw new Error(`catalogue import ${importId} is no longer under way`);
  return Number(deactivated.numAffectedRows ?? 0);
}

/** After the switch: the new products lose their mark in short statements (visible either way). */
export async function settleImport(db: Database, table: CatalogueTable, importId: string): Promise<void> {
  const { id } = shapes[table];
  for (;;) {
    const done = await sql`update ${raw(table)} set import_id = null where ${raw(id)} in (
      select ${raw(id)} from ${raw(table)} where import_id = ${importId} limit ${MERGE_CHUNK_ROWS})`.execute(db);
    if (Number(done.numAffectedRows ?? 0) === 0) break;
    await yieldTurn();
  }
  await db.deleteFrom('catalogue_import_retired').where('import_id', '=', importId).execute();
  await db.deleteFrom('catalogue_imports').where('import_id', '=', importId).execute();
}

/** An import that failed before its switch: its hidden products go, nothing visible changed. */
export async function discardImport(db: Database, table: CatalogueTable, importId: string): Promise<void> {
  const { id } = shapes[table];
  for (;;) {
    const done = await sql`delete from ${raw(table)} where ${raw(id)} in (
      select ${raw(id)} from ${raw(table)} where import_id = ${importId} limit ${MERGE_CHUNK_ROWS})`.execute(db);
    if (Number(done.numAffectedRows ?? 0) === 0) break;
    await yieldTurn();
  }
  await db.deleteFrom('catalogue_import_retired').where('import_id', '=', importId).execute();
  await db.deleteFrom('catalogue_imports').where('import_id', '=', importId).execute();
}

export async function dropStagedRows(db: Database, importId: string, total: number): Promise<void> {
  for (let i = 0; i < total; i += MERGE_CHUNK_ROWS * 4) {
    await db
      .deleteFrom('catalogue_import_rows')
      .where('import_id', '=', importId)
      .where('row_no', '<', i + MERGE_CHUNK_ROWS * 4)
      .execute();
    await yieldTurn();
  }
  await db.deleteFrom('catalogue_import_rows').where('import_id', '=', importId).execute();
}

/**
 * Replaces the tenant's catalogue with `rows`: staged and merged in short chunks, switched in one
 * short transaction (`inTransaction`), then settled. Returns null while another import of the same
 * catalogue is under way. A failure before the switch discards the import: nothing visible changed.
 */
export async function replaceCatalogue(
  db: Database,
  table: CatalogueTable,
  tenantId: number,
  rows: object[],
  now: Date,
  inTransaction: <T>(work: (trx: Database) => Promise<T>) => Promise<T>,
): Promise<ReplaceResult | null> {
  const importId = await startImport(db, tenantId, table, now);
  if (!importId) return null;
  let result: ReplaceResult;
  try {
    await stageRows(db, importId, rows);
    // The missing products first: the new ones, written hidden next, are not among them.
    for (let after: number | null = 0; after !== null;) {
      after = await retireChunk(db, table, tenantId, importId, after);
      await yieldTurn();
    }
    let inserted = 0;
    for (let i = 0; i < rows.length; i += MERGE_CHUNK_ROWS) {
      inserted += await prepareChunk(db, table, tenantId, importId, i, i + MERGE_CHUNK_ROWS);
      await yieldTurn();
    }
    const deactivated = await inTransaction((trx) => switchImport(trx, table, importId, now));
    result = { inserted, updated: rows.length - inserted, deactivated };
  } catch (error) {
    await discardImport(db, table, importId);
    await dropStagedRows(db, importId, rows.length);
    throw error;
  }
  await dropStagedRows(db, importId, rows.length);
  await settleImport(db, table, importId);
  return result;
}

async function replaceNow(db: Database, table: CatalogueTable, tenantId: number, rows: object[]) {
  const result = await replaceCatalogue(db, table, tenantId, rows, new Date(), (work) => work(db));
  if (!result) throw new Error(`another import of the ${table} of tenant ${tenantId} is under way`);
  return result;
}

/** The demo seed, inside its own transaction. */
export async function replaceAacCatalogue(db: Database, tenantId: number, rows: AacCsvRow[]): Promise<ReplaceResult> {
  return replaceNow(db, 'aac_products', tenantId, rows);
}

export async function replaceLintelCatalogue(
  db: Database,
  tenantId: number,
  rows: LintelCsvRow[],
): Promise<ReplaceResult> {
  return replaceNow(db, 'lintel_products', tenantId, rows);
}
