import { AppError } from '../../../shared/errors';
import type { ModelTreeResponse } from '../../../shared/schemas/delivery';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import {
  defaultModelTreeLimits,
  generateModelTree,
  ModelTreeError,
  type ModelTreeFailure,
} from '../../platform/ifc/model-tree';
import { withLocalFile, workerTempDir } from '../../platform/storage/local-file';
import { StorageKeyNotFound } from '../../platform/storage/storage';
import { findUnitPath } from '../projects/unit-repository';
import { elementChangesSince } from '../viewer/compare-service';
import * as repo from './model-tree-repository';

/** Trees being generated in this process, so concurrent first requests share one worker. */
const running = new Map<number, Promise<ModelTreeResponse>>();

/** A model without a tree: too large answers 413, anything else 422, each with its reason. */
function refusal(failure: string): AppError {
  const reason = (['tooLarge', 'unreadable', 'tooComplex'] as const).find((r) => r === failure) ?? 'unreadable';
  const keys: Record<ModelTreeFailure, string> = {
    tooLarge: 'DELIVERY.Model.Failed.TooLarge',
    unreadable: 'DELIVERY.Model.Failed.Unreadable',
    tooComplex: 'DELIVERY.Model.Failed.TooComplex',
  };
  return new AppError(reason === 'tooLarge' ? 'PayloadTooLarge' : 'Unprocessable', keys[reason]);
}

/**
 * `GET api/view/{unitId}/{unitId}.json`: the storeys and walls of the model that applies to the unit
 * (the newest IFC file on the unit or the nearest unit above it). Generated once per file version
 * in a worker thread and kept in the database.
 */
export async function getModelTree(ctx: ServiceContext, user: SessionUser, unitId: number): Promise<ModelTreeResponse> {
  await requireAccess(ctx.db, user, { permission: 'file.read', id: unitId });
  const path = await findUnitPath(ctx.db, unitId);
  const version = await repo.findNearestIfcVersion(ctx.db, path.map((u) => u.project_unit_id).reverse());
  if (!version) throw new AppError('NotFound', 'DELIVERY.Model.NoModel');
  const cached = await repo.findModelTree(ctx.db, version.project_file_version_id);
  if (cached?.failure) throw refusal(cached.failure);
  let tree: ModelTreeResponse;
  if (cached) {
    tree = cached.tree as ModelTreeResponse;
  } else {
    const id = version.project_file_version_id;
    let job = running.get(id);
    if (!job) {
      job = generate(ctx, { ...version, size: Number(version.size) }).finally(() => running.delete(id));
      running.set(id, job);
    }
    tree = await job;
  }
  // Which elements changed since the previous version of the model (computed once per pair, kept).
  const changes = await elementChangesSince(ctx, user.tenantId, version.project_file_version_id);
  return changes ? { ...tree, changes } : tree;
}

/**
 * Makes the tree of one version in a worker that reads the file itself; a model that cannot give
 * one is recorded with its reason once, so no later request opens the file again.
 */
async function generate(
  ctx: ServiceContext,
  version: { project_file_version_id: number; storage_key: string; name: string; size: number },
): Promise<ModelTreeResponse> {
  const id = version.project_file_version_id;
  const limits = {
    ...defaultModelTreeLimits,
    maxInputBytes: ctx.config.files.ifcMaxBytes,
    maxMemoryMb: ctx.config.files.ifcWorkerMemoryMb,
  };
  const started = performance.now();
  try {
    // Refused by its recorded size before the file is opened (or copied from remote storage).
    if (version.size > limits.maxInputBytes) throw new ModelTreeError('tooLarge', `${version.size} bytes`);
    const tree = (await withLocalFile(ctx.storage, version.storage_key, workerTempDir(ctx.config.dataDir), (file) =>
      generateModelTree(file, version.size, version.name, limits),
    )) as ModelTreeResponse;
    const generationMs = Math.round(performance.now() - started);
    await repo.insertModelTree(ctx.db, { versionId: id, tree, generationMs, now: ctx.clock.now() });
    ctx.log.info({ versionId: id, generationMs }, 'model tree generated');
    return tree;
  } catch (err) {
    if (err instanceof StorageKeyNotFound) throw new AppError('NotFound', 'DELIVERY.Model.NoModel');
    if (!(err instanceof ModelTreeError)) throw err;
    const generationMs = Math.round(performance.now() - started);
    ctx.log.warn({ versionId: id, reason: err.reason, detail: err.message }, 'model tree refused');
    await repo.insertModelTreeFailure(ctx.db, {
      versionId: id,
      failure: err.reason,
      generationMs,
      now: ctx.clock.now(),
    });
    throw refusal(err.reason);
  }
}
