import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Fragments conversions of IFC file versions: queries only. */

export type PendingConversion = { project_file_version_id: number; storage_key: string; sha256: string };

/**
 * A claim is renewed while its conversion runs ({@link renewClaim}); one not renewed for this long
 * belongs to a process that stopped without giving it back, and the next claimer takes it over.
 * Claims are timed by the database's clock, which every instance shares.
 */
export const CLAIM_STALE_SECONDS = 120;

const staleClaim = (table: 'c' | 'file_conversions') =>
  sql<boolean>`${sql.ref(`${table}.status`)} = 'converting' and ${sql.ref(`${table}.updated_at`)} < now() - make_interval(secs => ${CLAIM_STALE_SECONDS})`;

/**
 * Claims the oldest IFC version of a live file that has no conversion yet, or whose claim went
 * stale (marks it converting); undefined when none waits. The conditional upsert keeps two claimers
 * from taking the same one.
 */
export async function claimNext(db: Database): Promise<PendingConversion | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('project_file_versions as v')
      .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
      .leftJoin('file_conversions as c', 'c.project_file_version_id', 'v.project_file_version_id')
      .select(['v.project_file_version_id', 'v.storage_key', 'v.sha256'])
      .where((eb) => eb.or([eb('c.project_file_version_id', 'is', null), staleClaim('c')]))
      .where('f.deleted_at', 'is', null)
      .where(sql<boolean>`lower(f.name) like '%.ifc'`)
      .orderBy('v.project_file_version_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await trx
      .insertInto('file_conversions')
      .values({ project_file_version_id: next.project_file_version_id, status: 'converting', updated_at: sql`now()` })
      .onConflict((oc) =>
        oc
          .column('project_file_version_id')
          .doUpdateSet({ status: 'converting', reason: null, updated_at: sql`now()` })
          .where(staleClaim('file_conversions')),
      )
      .returning('project_file_version_id')
      .executeTakeFirst();
    return claimed ? next : undefined;
  });
}

/** Keeps a running conversion's claim fresh. */
export async function renewClaim(db: Database, versionId: number) {
  await db
    .updateTable('file_conversions')
    .set({ updated_at: sql`now()` })
    .where('project_file_version_id', '=', versionId)
    .where('status', '=', 'converting')
    .execute();
}

/** Gives a claim back (the process stops): the version waits again for any claimer. */
export async function releaseClaim(db: Database, versionId: number) {
  await db
    .deleteFrom('file_conversions')
    .where('project_file_version_id', '=', versionId)
    .where('status', '=', 'converting')
    .execute();
}

/** Seconds until the freshest claim of another process goes stale; null when none is held. */
export async function secondsUntilClaimsStale(db: Database): Promise<number | null> {
  const row = await db
    .selectFrom('file_conversions')
    .select(
      sql<
        number | null
      >`extract(epoch from max(updated_at) + make_interval(secs => ${CLAIM_STALE_SECONDS}) - now())::float8`.as(
        'seconds',
      ),
    )
    .where('status', '=', 'converting')
    .executeTakeFirst();
  return row?.seconds ?? null;
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

/** The recorded size of a version, checked against the converter's limit before the file is opened. */
export async function versionSize(db: Database, versionId: number): Promise<number> {
  const row = await db
    .selectFrom('project_file_versions')
    .select('size')
    .where('project_file_version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return Number(row.size);
}
