import { AppError } from '../../../shared/errors';
import type { CompareQuery, VersionComparison } from '../../../shared/schemas/compare';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { diffModelFiles, ModelDiffError } from '../../platform/ifc/model-diff';
import type { ModelDiff } from '../../platform/ifc/model-diff-parse';
import { comparePdfs, PdfCompareError } from '../../platform/pdf/page-compare';
import type { PdfComparison } from '../../platform/pdf/page-compare-worker';
import { withLocalFile, workerTempDir } from '../../platform/storage/local-file';
import { StorageKeyNotFound } from '../../platform/storage/storage';
import * as files from '../files/repository';
import * as repo from './compare-repository';
import { requireReviewUnit } from './service';

/** Bumped when a comparison's result changes, so kept results are computed again. */
const FORMAT = { pdf: 'p1', model: 'm1' } as const;

type Kind = keyof typeof FORMAT;
export const compareKindOf = (name: string): Kind | null =>
  /\.pdf$/i.test(name) ? 'pdf' : /\.ifc$/i.test(name) ? 'model' : null;

/** Comparisons under way in this process, so a second request for the same pair waits for the first. */
const running = new Map<string, Promise<{ result: unknown; durationMs: number }>>();

/**
 * `GET api/viewer/{rootId}/{unitId}/files/{fileId}/compare`: what changed from version `against`
 * to `version` (default the newest) of one PDF drawing or IFC model of a unit under review. Computed
 * once per pair of versions in a worker thread and kept; read-only, open to everyone who may read
 * the unit.
 */
export async function compareVersions(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; fileId: number },
  query: CompareQuery,
): Promise<VersionComparison> {
  const access = await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  const file = await files.findFile(ctx.db, ids.fileId);
  if (!file || file.project_unit_id !== ids.unitId) throw new AppError('NotFound');
  const kind = compareKindOf(file.name);
  if (!kind) throw new AppError('Unprocessable', 'VIEWER.Compare.Errors.NotComparable');
  const versions = await files.findVersions(ctx.db, [file.project_file_id]);
  const newer = query.version === undefined ? versions[0] : versions.find((v) => v.version_no === query.version);
  const older = versions.find((v) => v.version_no === query.against);
  if (!newer || !older) throw new AppError('NotFound', 'VIEWER.Compare.Errors.NoSuchVersion');
  if (older.version_no >= newer.version_no) throw new AppError('ValidationFailed', 'VIEWER.Compare.Errors.NotEarlier');

  const { cached, ...outcome } = await comparePair(ctx, kind, older, newer, [access.root.tenant_id, user.userId]);
  const base = {
    fileID: file.project_file_id,
    version: newer.version_no,
    against: older.version_no,
    cached,
    durationMs: outcome.durationMs,
  };
  if (kind === 'pdf') {
    const r = outcome.result as Omit<PdfComparison, 'peakRssMb'>;
    return {
      ...base,
      kind,
      pages: r.pages,
      truncated: r.truncated,
      regionCount: r.pages.reduce((sum, p) => sum + p.regions.length, 0),
    };
  }
  const r = outcome.result as ModelDiff;
  return { ...base, kind, added: r.added, removed: r.removed, changed: r.changed, unchanged: r.unchanged };
}

type StoredVersion = { project_file_version_id: number; storage_key: string };

/** The comparison of two versions: the kept one, or computed once (concurrent requests share the run) and kept. */
async function comparePair(
  ctx: ServiceContext,
  kind: Kind,
  older: StoredVersion,
  newer: StoredVersion,
  runKey: readonly [number, ...(string | number)[]],
): Promise<{ result: unknown; durationMs: number; cached: boolean }> {
  const key = {
    older: older.project_file_version_id,
    newer: newer.project_file_version_id,
    kind,
    format: FORMAT[kind],
  };
  const kept = await repo.findComparison(ctx.db, key);
  if (kept) return { result: kept.result, durationMs: kept.duration_ms, cached: true };
  const flight = `${key.older}:${key.newer}:${kind}:${key.format}`;
  let pending = running.get(flight);
  if (!pending) {
    pending = compute(ctx, kind, older.storage_key, newer.storage_key, runKey)
      .then(async (computed) => {
        await repo.insertComparison(ctx.db, { ...key, tenantId: runKey[0], ...computed });
        return computed;
      })
      .finally(() => running.delete(flight));
    running.set(flight, pending);
  }
  return { ...(await pending), cached: false };
}

/**
 * The elements of an IFC version added or changed since the version before it (for the walls of
 * the delivery overview); null for a first version or a model that cannot be compared. The caller
 * has checked access to the file.
 */
export async function elementChangesSince(
  ctx: ServiceContext,
  tenantId: number,
  versionId: number,
): Promise<{ since: number; globalIds: string[] } | null> {
  const row = await repo.findFileOfVersion(ctx.db, versionId);
  if (!row || compareKindOf(row.name) !== 'model') return null;
  const versions = await files.findVersions(ctx.db, [row.project_file_id]);
  const newer = versions.find((v) => v.project_file_version_id === versionId);
  const older = newer ? versions.find((v) => v.version_no === newer.version_no - 1) : undefined;
  if (!newer || !older) return null;
  try {
    const { result } = await comparePair(ctx, 'model', older, newer, [tenantId]);
    const diff = result as ModelDiff;
    return { since: older.version_no, globalIds: [...diff.changed, ...diff.added].map((e) => e.globalId) };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

async function compute(
  ctx: ServiceContext,
  kind: Kind,
  olderKey: string,
  newerKey: string,
  runKey: readonly (string | number)[],
): Promise<{ result: unknown; durationMs: number }> {
  const started = performance.now();
  const tempDir = workerTempDir(ctx.config.dataDir);
  try {
    const result = await withLocalFile(ctx.storage, olderKey, tempDir, (olderPath) =>
      withLocalFile(ctx.storage, newerKey, tempDir, async (newerPath) => {
        if (kind === 'pdf') {
          const { peakRssMb: _, ...kept } = await comparePdfs(olderPath, newerPath, runKey);
          return kept;
        }
        const { peakRssMb: _, ...kept } = await diffModelFiles(olderPath, newerPath, runKey);
        return kept;
      }),
    );
    return { result, durationMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof StorageKeyNotFound) throw new AppError('NotFound', 'VIEWER.Compare.Errors.NoSuchVersion');
    if (err instanceof PdfCompareError || err instanceof ModelDiffError) {
      ctx.log.warn({ err: err.message }, 'comparison failed');
      throw new AppError('Unprocessable', `VIEWER.Compare.Errors.Unreadable.${kind === 'pdf' ? 'Pdf' : 'Model'}`);
    }
    throw err;
  }
}
