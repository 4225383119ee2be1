import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { AacCsvRow, LintelCsvRow } from './catalogue-csv';

export type ReplaceResult = { inserted: number; updated: number; deactivated: number };

/** Rows staged per statement: each insert takes a few milliseconds, other requests go between them. */
export const STAGE_CHUNK_ROWS = 250;
/** Staged rows of an import that never finished (the process stopped) are swept after this long. */
const STALE_STAGING_MS = 24 * 60 * 60 * 1000;

/** Stages the rows in short statements (no transaction spans them) and returns the import's id. */
export async function stageRows(db: Database, rows: object[], now: Date): Promise<string> {
  await db
    .deleteFrom('catalogue_import_rows')
    .where('staged_at', '<', new Date(now.getTime() - STALE_STAGING_MS))
    .execute();
  const importId = crypto.randomUUID();
  for (let i = 0; i < rows.length; i += STAGE_CHUNK_ROWS) {
    const chunk = JSON.stringify(rows.slice(i, i + STAGE_CHUNK_ROWS));
    await sql`insert into catalogue_import_rows (import_id, row)
      select ${importId}, value from jsonb_array_elements(${chunk}::jsonb)`.execute(db);
    // The embedded database answers on this thread: give waiting requests their turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return importId;
}

export async function dropStagedRows(db: Database, importId: string): Promise<void> {
  await db.deleteFrom('catalogue_import_rows').where('import_id', '=', importId).execute();
}

const counts = (row: { inserted: number; total: number } | undefined, deactivated: bigint | undefined) => ({
  inserted: row?.inserted ?? 0,
  updated: (row?.total ?? 0) - (row?.inserted ?? 0),
  deactivated: Number(deactivated ?? 0),
});

/**
 * Makes the staged file the tenant's catalogue in two set statements: products are matched by
 * article number, updated (only when something changed) or inserted; products missing from the
 * file become inactive (old rows keep them). Run in one transaction, so users see the old or the
 * new catalogue, never half of it.
 */
export async function mergeAacCatalogue(
  trx: Database,
  tenantId: number,
  importId: string,
  total: number,
): Promise<ReplaceResult> {
  const upsert = await sql<{ inserted: number; total: number }>`
    with incoming as (
      select r.* from catalogue_import_rows s
      cross join lateral jsonb_to_record(s.row) as r(article_no text, title text, thickness_mm int, width_mm int,
        min_length_mm int, max_length_mm int, length_step_mm int, pallet_capacity numeric, color_index int, active boolean)
      where s.import_id = ${importId}
    ), written as (
      insert into aac_products as p (tenant_id, article_no, title, thickness_mm, width_mm, min_length_mm, max_length_mm,
        length_step_mm, pallet_capacity, color_index, active)
      select ${tenantId}, article_no, title, thickness_mm, width_mm, min_length_mm, max_length_mm, length_step_mm,
        pallet_capacity, color_index, active from incoming
      on conflict (tenant_id, article_no) do update set title = excluded.title, thickness_mm = excluded.thickness_mm,
        width_mm = excluded.width_mm, min_length_mm = excluded.min_length_mm, max_length_mm = excluded.max_length_mm,
        length_step_mm = excluded.length_step_mm, pallet_capacity = excluded.pallet_capacity,
        color_index = excluded.color_index, active = excluded.active
      where (p.title, p.thickness_mm, p.width_mm, p.min_length_mm, p.max_length_mm, p.length_step_mm,
        p.pallet_capacity, p.color_index, p.active) is distinct from (excluded.title, excluded.thickness_mm,
        excluded.width_mm, excluded.min_length_mm, excluded.max_length_mm, excluded.length_step_mm,
        excluded.pallet_capacity, excluded.color_index, excluded.active)
      returning (xmax = 0) as is_new
    )
    select (count(*) filter (where is_new))::int as inserted, ${total}::int as total from written`.execute(trx);
  const deactivate = await sql`
    update aac_products p set active = false
    where p.tenant_id = ${tenantId} and p.active and not exists (
      select 1 from catalogue_import_rows s
      where s.import_id = ${importId} and coalesce(s.row->>'article_no', s.row->>'item_no') = p.article_no)`.execute(
    trx,
  );
  return counts(upsert.rows[0], deactivate.numAffectedRows);
}

export async function mergeLintelCatalogue(
  trx: Database,
  tenantId: number,
  importId: string,
  total: number,
): Promise<ReplaceResult> {
  const upsert = await sql<{ inserted: number; total: number }>`
    with incoming as (
      select r.* from catalogue_import_rows s
      cross join lateral jsonb_to_record(s.row) as r(item_no text, title text, lintel_type text, thickness_mm int,
        length_mm int, height_mm int, pieces_per_pallet int, active boolean)
      where s.import_id = ${importId}
    ), written as (
      insert into lintel_products as p (tenant_id, item_no, title, lintel_type, thickness_mm, length_mm, height_mm,
        pieces_per_pallet, active)
      select ${tenantId}, item_no, title, lintel_type, thickness_mm, length_mm, height_mm, pieces_per_pallet, active
      from incoming
      on conflict (tenant_id, item_no) do update set title = excluded.title, lintel_type = excluded.lintel_type,
        thickness_mm = excluded.thickness_mm, length_mm = excluded.length_mm, height_mm = excluded.height_mm,
        pieces_per_pallet = excluded.pieces_per_pallet, active = excluded.active
      where (p.title, p.lintel_type, p.thickness_mm, p.length_mm, p.height_mm, p.pieces_per_pallet, p.active)
        is distinct from (excluded.title, excluded.lintel_type, excluded.thickness_mm, excluded.length_mm,
        excluded.height_mm, excluded.pieces_per_pallet, excluded.active)
      returning (xmax = 0) as is_new
    )
    select (count(*) filter (where is_new))::int as inserted, ${total}::int as total from written`.execute(trx);
  const deactivate = await sql`
    update lintel_products p set active = false
    where p.tenant_id = ${tenantId} and p.active and not exists (
      select 1 from catalogue_import_rows s
      where s.import_id = ${importId} and coalesce(s.row->>'article_no', s.row->>'item_no') = p.item_no)`.execute(trx);
  return counts(upsert.rows[0], deactivate.numAffectedRows);
}

/** Stages and merges in one go on the given connection (the demo seed, inside its transaction). */
export async function replaceAacCatalogue(db: Database, tenantId: number, rows: AacCsvRow[]): Promise<ReplaceResult> {
  const importId = await stageRows(db, rows, new Date());
  const result = await mergeAacCatalogue(db, tenantId, importId, rows.length);
  await dropStagedRows(db, importId);
  return result;
}

export async function replaceLintelCatalogue(
  db: Database,
  tenantId: number,
  rows: LintelCsvRow[],
): Promise<ReplaceResult> {
  const importId = await stageRows(db, rows, new Date());
  const result = await mergeLintelCatalogue(db, tenantId, importId, rows.length);
  await dropStagedRows(db, importId);
  return result;
}
