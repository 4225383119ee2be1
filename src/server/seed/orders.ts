import fs from 'node:fs';
import { readCatalogueCsv } from '../modules/orders/catalogue-csv';
import { replaceAacCatalogue, replaceLintelCatalogue } from '../modules/orders/catalogue-repository';
import type { Database } from '../platform/db/database';

const catalogueDir = new URL('./catalogues/', import.meta.url);

/** Loads a tenant's catalogues from the CSV files in ./catalogues (`<tenantKey>-aac.csv`, `<tenantKey>-lintel.csv`). */
export async function seedCatalogues(trx: Database, tenantId: number, tenantKey: string): Promise<void> {
  const aacFile = new URL(`${tenantKey}-aac.csv`, catalogueDir);
  const lintelFile = new URL(`${tenantKey}-lintel.csv`, catalogueDir);
  if (fs.existsSync(aacFile)) {
    const { rows, problems } = readCatalogueCsv('aac', fs.readFileSync(aacFile, 'utf8'));
    if (problems.length > 0) throw new Error(`${aacFile.pathname}: ${JSON.stringify(problems[0])}`);
    await replaceAacCatalogue(trx, tenantId, rows);
  }
  if (fs.existsSync(lintelFile)) {
    const { rows, problems } = readCatalogueCsv('lintel', fs.readFileSync(lintelFile, 'utf8'));
    if (problems.length > 0) throw new Error(`${lintelFile.pathname}: ${JSON.stringify(problems[0])}`);
    await replaceLintelCatalogue(trx, tenantId, rows);
  }
}

type SeedIds = { tenant: Record<string, number> };

/** Demo AAC rows: [room, storey, articleNo, length mm, qty]. */
const demoAac: [string, string, string, number, number][] = [
  ['Wohnen', 'EG', 'PE-240-625', 2480, 12],
  ['Wohnen', 'EG', 'PE-240-625', 3000, 8],
  ['Küche', 'EG', 'PE-175-625', 2480, 10],
  ['Bad', 'EG', 'PE-115-625', 2480, 6],
  ['Flur', 'EG', 'PE-365-625', 2740, 4],
];

/** Demo lintel rows: [room, storey, itemNo, entered height, qty]. */
const demoLintel: [string, string, string, number, number][] = [
  ['Wohnen', 'EG', 'C-ST-175-1500-124', 124, 4],
  ['Küche', 'EG', 'C-ST-175-1250-124', 110, 2],
  ['Bad', 'EG', 'C-FS-115-1000-71', 71, 3],
  ['Wohnen', 'EG', 'C-TS-300-2500-249', 249, 1],
];

/** Catalogues for every demo tenant and demo rows on the demo order lots (their PlaceOrder tasks come from the workflow seed). */
export async function seedOrders(trx: Database, ids: SeedIds, tenantKeys: Record<string, string>): Promise<void> {
  for (const [key, tenantId] of Object.entries(ids.tenant)) await seedCatalogues(trx, tenantId, tenantKeys[key] ?? key);

  const lots = await trx
    .selectFrom('project_units')
    .select(['project_unit_id', 'tenant_id', 'project_unit_type'])
    .where('project_unit_type', 'in', ['aacorderlot', 'lintelorderlot'])
    .execute();
  for (const lot of lots) {
    if (lot.project_unit_type === 'aacorderlot') {
      const products = await trx
        .selectFrom('aac_products')
        .select(['aac_product_id', 'article_no'])
        .where('tenant_id', '=', lot.tenant_id)
        .execute();
      const byArticle = new Map(products.map((p) => [p.article_no, p.aac_product_id]));
      for (const [i, [room, storey, article, lengthMm, qty]] of demoAac.entries()) {
        const productId = byArticle.get(article);
        if (!productId) continue;
        await trx
          .insertInto('aac_order_items')
          .values({
            project_unit_id: lot.project_unit_id,
            item_index: i + 1,
            sublot_name: room,
            floor_name: storey,
            aac_product_id: productId,
            item_length: lengthMm / 1000,
            qty,
            created_by: null,
          })
          .execute();
      }
    } else {
      const products = await trx
        .selectFrom('lintel_products')
        .selectAll()
        .where('tenant_id', '=', lot.tenant_id)
        .execute();
      const byItem = new Map(products.map((p) => [p.item_no, p]));
      for (const [i, [room, storey, itemNo, height, qty]] of demoLintel.entries()) {
        const p = byItem.get(itemNo);
        if (!p) continue;
        await trx
          .insertInto('lintel_order_items')
          .values({
            project_unit_id: lot.project_unit_id,
            item_index: i + 1,
            sublot_name: room,
            floor_name: storey,
            lintel_product_id: p.lintel_product_id,
            thickness_mm: p.thickness_mm,
            length_mm: p.length_mm,
            height_mm: height,
            has_cut: height !== p.height_mm,
            lintel_type: p.lintel_type,
            qty,
            created_by: null,
          })
          .execute();
      }
    }
  }
}
