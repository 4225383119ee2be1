import type { CatalogueKind, ImportReport } from '../../../shared/schemas/orders';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { parseCsv, readCatalogueCsv } from './catalogue-csv';
import { replaceAacCatalogue, replaceLintelCatalogue } from './catalogue-repository';
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
  const rows = Math.max(0, parseCsv(csv).length - 1);
  const aac = kind === 'aac' ? readCatalogueCsv('aac', csv) : null;
  const lintel = kind === 'lintel' ? readCatalogueCsv('lintel', csv) : null;
  const problems = aac?.problems ?? lintel?.problems ?? [];
  if (problems.length > 0) return { applied: false, rows, inserted: 0, updated: 0, deactivated: 0, problems };
  const result = await db
    .transaction()
    .execute((trx) =>
      aac
        ? replaceAacCatalogue(trx, user.tenantId, aac.rows)
        : replaceLintelCatalogue(trx, user.tenantId, lintel!.rows),
    );
  return { applied: true, rows, problems: [], ...result };
}
