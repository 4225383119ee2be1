import type { CatalogueKind, ImportReport } from '../../../shared/schemas/orders';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { readCatalogueCsv } from './catalogue-csv';
import { dropStagedRows, mergeAacCatalogue, mergeLintelCatalogue, stageRows } from './catalogue-repository';
import { toAacProduct, toLintelProduct } from './mappers';
import { findAacProducts, findLintelProducts } from './repository';

/** The admin's own tenant catalogue, inactive products included. */
export async function listAdminAacProducts(db: Database, user: SessionUser) {
  await requireAccess(db, user, { permission: 'admin' });
  return { data: (await findAacProducts(db, user.tenantId)).map(toAacProduct) };
}

export async function listAdminLintelProducts(db: Database, user: SessionUser) {
  await requireAccess(db, user, { permission: 'admin' });
  return { data: (await findLintelProducts(db, user.tenantId)).map(toLintelProduct) };
}

/** Validates the whole file; only a file without a single problem replaces the catalogue. */
export async function importCatalogue(
  db: Database,
  user: SessionUser,
  kind: CatalogueKind,
  csv: string,
): Promise<ImportReport> {
  await requireAccess(db, user, { permission: 'admin' });
  const aac = kind === 'aac' ? readCatalogueCsv('aac', csv) : null;
  const lintel = kind === 'lintel' ? readCatalogueCsv('lintel', csv) : null;
  const problems = aac?.problems ?? lintel?.problems ?? [];
  const rows = aac?.lines ?? lintel?.lines ?? 0;
  if (problems.length > 0) return { applied: false, rows, inserted: 0, updated: 0, deactivated: 0, problems };
  // Staged in short chunks first; the one transaction that follows only merges them with set
  // statements, so other requests on the (single-connection) embedded database wait briefly.
  const staged: object[] = aac ? aac.rows : lintel!.rows;
  const importId = await stageRows(db, staged, new Date());
  try {
    const result = await db
      .transaction()
      .execute((trx) =>
        aac
          ? mergeAacCatalogue(trx, user.tenantId, importId, staged.length)
          : mergeLintelCatalogue(trx, user.tenantId, importId, staged.length),
      );
    return { applied: true, rows, problems: [], ...result };
  } finally {
    await dropStagedRows(db, importId);
  }
}
