import type { Database } from '../../platform/db/database';
import type { AacCsvRow, LintelCsvRow } from './catalogue-csv';

export type ReplaceResult = { inserted: number; updated: number; deactivated: number };

/**
 * Makes the file the tenant's catalogue: products are matched by article number, updated
 * or inserted; products missing from the file become inactive (old rows keep them).
 */
export async function replaceAacCatalogue(trx: Database, tenantId: number, rows: AacCsvRow[]): Promise<ReplaceResult> {
  const existing = new Set(
    (await trx.selectFrom('aac_products').select('article_no').where('tenant_id', '=', tenantId).execute()).map(
      (r) => r.article_no,
    ),
  );
  for (const row of rows) {
    await trx
      .insertInto('aac_products')
      .values({ tenant_id: tenantId, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'article_no']).doUpdateSet({ ...row }))
      .execute();
  }
  const keep = rows.map((r) => r.article_no);
  let deactivate = trx
    .updateTable('aac_products')
    .set({ active: false })
    .where('tenant_id', '=', tenantId)
    .where('active', '=', true);
  if (keep.length > 0) deactivate = deactivate.where('article_no', 'not in', keep);
  const res = await deactivate.executeTakeFirst();
  const inserted = rows.filter((r) => !existing.has(r.article_no)).length;
  return { inserted, updated: rows.length - inserted, deactivated: Number(res.numUpdatedRows) };
}

export async function replaceLintelCatalogue(
  trx: Database,
  tenantId: number,
  rows: LintelCsvRow[],
): Promise<ReplaceResult> {
  const existing = new Set(
    (await trx.selectFrom('lintel_products').select('item_no').where('tenant_id', '=', tenantId).execute()).map(
      (r) => r.item_no,
    ),
  );
  for (const row of rows) {
    await trx
      .insertInto('lintel_products')
      .values({ tenant_id: tenantId, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'item_no']).doUpdateSet({ ...row }))
      .execute();
  }
  const keep = rows.map((r) => r.item_no);
  let deactivate = trx
    .updateTable('lintel_products')
    .set({ active: false })
    .where('tenant_id', '=', tenantId)
    .where('active', '=', true);
  if (keep.length > 0) deactivate = deactivate.where('item_no', 'not in', keep);
  const res = await deactivate.executeTakeFirst();
  const inserted = rows.filter((r) => !existing.has(r.item_no)).length;
  return { inserted, updated: rows.length - inserted, deactivated: Number(res.numUpdatedRows) };
}
