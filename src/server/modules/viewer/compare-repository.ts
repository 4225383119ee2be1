import type { Database } from '../../platform/db/database';

type ComparisonKey = { older: number; newer: number; kind: 'pdf' | 'model'; format: string };

export async function findComparison(db: Database, key: ComparisonKey) {
  return db
    .selectFrom('version_comparisons')
    .select(['result', 'duration_ms'])
    .where('older_version_id', '=', key.older)
    .where('newer_version_id', '=', key.newer)
    .where('kind', '=', key.kind)
    .where('format', '=', key.format)
    .executeTakeFirst();
}

/** Keeps a comparison; another instance that computed the same pair first wins (same result). */
export async function insertComparison(
  db: Database,
  row: ComparisonKey & { tenantId: number; result: unknown; durationMs: number },
): Promise<void> {
  await db
    .insertInto('version_comparisons')
    .values({
      tenant_id: row.tenantId,
      older_version_id: row.older,
      newer_version_id: row.newer,
      kind: row.kind,
      format: row.format,
      result: JSON.stringify(row.result),
      duration_ms: row.durationMs,
    })
    .onConflict((oc) => oc.columns(['older_version_id', 'newer_version_id', 'kind', 'format']).doNothing())
    .execute();
}

/** The file a version belongs to (name, id). */
export async function findFileOfVersion(db: Database, versionId: number) {
  return db
    .selectFrom('project_file_versions as v')
    .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
    .select(['f.project_file_id', 'f.name'])
    .where('v.project_file_version_id', '=', versionId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
}
