import { AppError } from '../../../shared/errors';
import type { ModelTreeResponse } from '../../../shared/schemas/delivery';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { generateModelTree } from '../../platform/ifc/model-tree';
import { findUnitPath } from '../projects/unit-repository';
import * as repo from './model-tree-repository';

/** Trees being generated in this process, so concurrent first requests share one worker. */
const running = new Map<number, Promise<ModelTreeResponse>>();

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
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
  if (cached) return cached.tree as ModelTreeResponse;
  const id = version.project_file_version_id;
  let job = running.get(id);
  if (!job) {
    job = (async () => {
      const bytes = await readAll(await ctx.storage.get(version.storage_key));
      const started = performance.now();
      const tree = (await generateModelTree(bytes, version.name)) as ModelTreeResponse;
      const generationMs = Math.round(performance.now() - started);
      await repo.insertModelTree(ctx.db, { versionId: id, tree, generationMs, now: ctx.clock.now() });
      ctx.log.info({ versionId: id, generationMs }, 'model tree generated');
      return tree;
    })().finally(() => running.delete(id));
    running.set(id, job);
  }
  return job;
}
