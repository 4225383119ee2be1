import { AppError } from '../../../shared/errors';
import type { CatalogueKind, ImportReport } from '../../../shared/schemas/orders';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { runModuleInWorker } from '../../platform/workers/run-module';
import { readCatalogueCsv, type AacCsvRow, type CatalogueParseResult, type LintelCsvRow } from './catalogue-csv';
import { replaceCatalogue } from './catalogue-repository';
import { toAacProduct, toLintelProduct } from './mappers';
import { findAacProducts, findLintelProducts } from './repository';

/** The admin's own tenant catalogue, inactive products included. */
export async function listAdminAacProducts(ctx: ServiceContext, user: SessionUser) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  return { data: (await findAacProducts(ctx.db, user.tenantId)).map(toAacProduct) };
}

export async function listAdminLintelProducts(ctx: ServiceContext, user: SessionUser) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  return { data: (await findLintelProducts(ctx.db, user.tenantId)).map(toLintelProduct) };
}

/** Files up to this size are read in the request; larger ones in a worker thread. */
const READ_INLINE_BYTES = 64 * 1024;
const readLimits = { timeoutMs: 60_000, heapMb: 512 };

/**
 * Parses and validates a catalogue file. A large file (thousands of rows, each checked against
 * the row schema) takes the CPU for a second or more: that runs in a worker thread, so other
 * requests are answered meanwhile.
 */
async function readCatalogue(kind: CatalogueKind, csv: string) {
  if (csv.length <= READ_INLINE_BYTES)
    return kind === 'aac' ? readCatalogueCsv('aac', csv) : readCatalogueCsv('lintel', csv);
  const outcome = await runModuleInWorker<CatalogueParseResult<AacCsvRow | LintelCsvRow>>(
    new URL('./catalogue-csv.ts', import.meta.url),
    'readCatalogueCsv',
    [kind, csv],
    readLimits,
  );
  if (outcome.ok) return outcome.value;
  const problem = {
    row: 1,
    column: null,
    reason: `CATALOGUE.Problems.${outcome.reason === 'failed' ? 'Malformed' : 'TooBigToRead'}`,
    value: null,
  };
  return { rows: [], problems: [problem], lines: 0 };
}

/** Validates the whole file; only a file without a single problem replaces the catalogue. */
export async function importCatalogue(
  ctx: ServiceContext,
  user: SessionUser,
  kind: CatalogueKind,
  csv: string,
): Promise<ImportReport> {
  const { db } = ctx;
  await requireAccess(db, user, { permission: 'admin' });
  const parsed = await readCatalogue(kind, csv);
  const aac = kind === 'aac' ? (parsed as CatalogueParseResult<AacCsvRow>) : null;
  const lintel = kind === 'lintel' ? (parsed as CatalogueParseResult<LintelCsvRow>) : null;
  const problems = aac?.problems ?? lintel?.problems ?? [];
  const rows = aac?.lines ?? lintel?.lines ?? 0;
  if (problems.length > 0) return { applied: false, rows, inserted: 0, updated: 0, deactivated: 0, problems };
  // Staged and merged in short chunks; only the switch to the new catalogue is one (short)
  // transaction, so other requests on the (single-connection) embedded database wait briefly.
  const staged: object[] = aac ? aac.rows : lintel!.rows;
  const result = await replaceCatalogue(
    db,
    aac ? 'aac_products' : 'lintel_products',
    user.tenantId,
    staged,
    new Date(),
    (work) => db.transaction().execute(work),
  );
  if (!result) throw new AppError('Conflict', 'ERRORMESSAGES.CatalogueImportRunning');
  return { applied: true, rows, problems: [], ...result };
}
