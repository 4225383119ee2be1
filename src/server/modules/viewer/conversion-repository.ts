import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Fragments conversions of IFC file versions (the converter's side): queries only. */

export type VersionToConvert = {
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  project_file_id: number;
  storage_key: string;
  sha256: string;
  size: number;
  deleted: boolean;
  status: 'converting' | 'ready' | 'failed' | null;
};

/** What a claimed conversion works on; undefined when the version is gone. */
export async function versionToConvert(db: Database, versionId: number): Promise<VersionToConvert | undefined> {
  const row = await db
    .selectFrom('project_file_versions as v')
    .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
    .leftJoin('file_conversions as c', 'c.project_file_version_id', 'v.project_file_version_id')
    .select([
      'f.tenant_id',
      'f.root_project_unit_id',
      'f.project_unit_id',
      'f.project_file_id',
      'v.storage_key',
      'v.sha256',
      'v.size',
      'f.deleted_at',
      'c.status',
    ])
    .where('v.project_file_version_id', '=', versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tenant_id: row.tenant_id,
    root_project_unit_id: row.root_project_unit_id,
    project_unit_id: row.project_unit_id,
    project_file_id: row.project_file_id,
    storage_key: row.storage_key,
    sha256: row.sha256,
    size: Number(row.size),
    deleted: row.deleted_at !== null,
    status: row.status ?? null,
  };
}

/** Shows the version as converting (its claim and lease are the work item's). */
export async function markConverting(db: Database, versionId: number): Promise<void> {
  await db
    .insertInto('file_conversions')
    .values({ project_file_version_id: versionId, status: 'converting', updated_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('project_file_version_id').doUpdateSet({ status: 'converting', reason: null, updated_at: sql`now()` }),
    )
    .execute();
}

/** The conversion was given back (the instance stops): the version shows as queued again. */
export async function markQueued(db: Database, versionId: number) {
  await db
    .deleteFrom('file_conversions')
    .where('project_file_version_id', '=', versionId)
    .where('status', '=', 'converting')
    .execute();
}

export async function markReady(
  db: Database,
  versionId: number,
  result: { key: string; size: number; durationMs: number; now: Date },
) {
  await db
    .updateTable('file_conversions')
    .set({
      status: 'ready',
      reason: null,
      fragments_key: result.key,
      fragments_size: result.size,
      duration_ms: result.durationMs,
      updated_at: result.now,
    })
    .where('project_file_version_id', '=', versionId)
    .execute();
}

export async function markFailed(
  db: Database,
  versionId: number,
  reason: string,
  durationMs: number | null,
  now: Date,
) {
  await db
    .insertInto('file_conversions')
    .values({ project_file_version_id: versionId, status: 'failed', reason, duration_ms: durationMs, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('project_file_version_id')
        .doUpdateSet({ status: 'failed', reason, duration_ms: durationMs, updated_at: now }),
    )
    .execute();
}
