import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Fragments conversions of IFC file versions: queries only. */

export type PendingConversion = { project_file_version_id: number; storage_key: string; sha256: string };

/**
 * Claims the oldest IFC version of a live file that has no conversion yet (marks it converting);
 * undefined when none waits. `on conflict do nothing` keeps two claimers from taking the same one.
 */
export async function claimNext(db: Database, now: Date): Promise<PendingConversion | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('project_file_versions as v')
      .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
      .leftJoin('file_conversions as c', 'c.project_file_version_id', 'v.project_file_version_id')
      .select(['v.project_file_version_id', 'v.storage_key', 'v.sha256'])
      .where('c.project_file_version_id', 'is', null)
      .where('f.deleted_at', 'is', null)
      .where(sql<boolean>`lower(f.name) like '%.ifc'`)
      .orderBy('v.project_file_version_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await trx
      .insertInto('file_conversions')
      .values({ project_file_version_id: next.project_file_version_id, status: 'converting', updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('project_file_version_id')
      .executeTakeFirst();
    return claimed ? next : undefined;
  });
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

export async function markFailed(db: Database, versionId: number, reason: string, durationMs: number, now: Date) {
  await db
    .updateTable('file_conversions')
    .set({ status: 'failed', reason, duration_ms: durationMs, updated_at: now })
    .where('project_file_version_id', '=', versionId)
    .execute();
}

/** Conversions a stopped process left half done go back to the queue. */
export async function requeueInterrupted(db: Database) {
  await db.deleteFrom('file_conversions').where('status', '=', 'converting').execute();
}

export type ConversionRow = {
  project_file_version_id: number;
  status: 'converting' | 'ready' | 'failed';
  reason: string | null;
  fragments_key: string | null;
};

export async function findConversions(db: Database, versionIds: number[]): Promise<ConversionRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .selectFrom('file_conversions')
    .select(['project_file_version_id', 'status', 'reason', 'fragments_key'])
    .where('project_file_version_id', 'in', versionIds)
    .execute();
}
