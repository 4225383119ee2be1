import type { Database } from '../../platform/db/database';

/** The newest version of the newest IFC file on the first of the given units that has one. */
export async function findNearestIfcVersion(db: Database, unitIds: number[]) {
  if (unitIds.length === 0) return undefined;
  const rows = await db
    .selectFrom('project_files as f')
    .innerJoin('project_file_versions as v', 'v.project_file_id', 'f.project_file_id')
    .select(['f.project_unit_id', 'f.name', 'v.project_file_version_id', 'v.storage_key', 'v.size', 'v.created_at'])
    .where('f.project_unit_id', 'in', unitIds)
    .where('f.deleted_at', 'is', null)
    .where('f.name_key', 'like', '%.ifc')
    .orderBy('v.created_at', 'desc')
    .orderBy('v.project_file_version_id', 'desc')
    .execute();
  for (const id of unitIds) {
    const hit = rows.find((r) => r.project_unit_id === id);
    if (hit) return hit;
  }
  return undefined;
}

export async function findModelTree(db: Database, versionId: number) {
  return db
    .selectFrom('model_trees')
    .select(['tree', 'generation_ms', 'failure'])
    .where('project_file_version_id', '=', versionId)
    .executeTakeFirst();
}

export async function insertModelTree(
  db: Database,
  row: { versionId: number; tree: unknown; generationMs: number; now: Date },
): Promise<void> {
  await db
    .insertInto('model_trees')
    .values({
      project_file_version_id: row.versionId,
      tree: JSON.stringify(row.tree),
      generation_ms: row.generationMs,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('project_file_version_id').doNothing())
    .execute();
}

/** Records that no tree can be made for the version, with the reason; readers are answered from it. */
export async function insertModelTreeFailure(
  db: Database,
  row: { versionId: number; failure: string; generationMs: number; now: Date },
): Promise<void> {
  await db
    .insertInto('model_trees')
    .values({
      project_file_version_id: row.versionId,
      tree: null,
      failure: row.failure,
      generation_ms: row.generationMs,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('project_file_version_id').doNothing())
    .execute();
}
