import { AppError } from '../../../shared/errors';
import type { ModelTreeResponse } from '../../../shared/schemas/delivery';
import type { StructureModelChanges } from '../../../shared/schemas/structure';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { getModelTree } from './model-tree-service';

/** What a project without a readable model, or with a first version of it, shows: nothing marked. */
const unmarked = (model: string | null): StructureModelChanges => ({ model, since: null, storeys: [] });

/**
 * `GET …/projects/{id}/structure-draft/model-changes`: the walls of the project's model added or
 * changed since its previous version, by storey, for the structure editor. The model tree and the
 * comparison are the delivery overview's (each made once per version or pair and kept); a model
 * that cannot be read marks nothing here (the delivery overview says why).
 */
export async function getStructureModelChanges(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
): Promise<StructureModelChanges> {
  await requireAccess(ctx.db, user, { permission: 'file.read', id: rootId });
  let tree: ModelTreeResponse;
  try {
    tree = await getModelTree(ctx, user, rootId);
  } catch (err) {
    if (err instanceof AppError && ['NotFound', 'PayloadTooLarge', 'Unprocessable'].includes(err.code)) {
      return unmarked(null);
    }
    throw err;
  }
  if (!tree.changes) return unmarked(tree.name);
  const changed = new Set(tree.changes.globalIds);
  const storeys = tree.children
    .map((floor) => ({
      name: floor.name,
      walls: floor.children.filter((w) => changed.has(w.globalid)).map((w) => ({ globalId: w.globalid, name: w.name })),
    }))
    .filter((s) => s.walls.length > 0);
  return { model: tree.name, since: tree.changes.since, storeys };
}
