import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import { fairTurns, LEASE_SECONDS, leaseExpired, MAX_ATTEMPTS } from '../../platform/jobs/lease';

/** Fragments conversions of IFC file versions: queries only. */

export type PendingConversion = { project_file_version_id: number; storage_key: string; sha256: string };

const staleClaim = (table: 'c' | 'file_conversions') =>
  sql<boolean>`${sql.ref(`${table}.status`)} = 'converting' and ${leaseExpired(sql.ref(`${table}.updated_at`))}`;

/**
 * Fails the conversions whose claim went stale {@link MAX_ATTEMPTS} times: each time the process
 * converting them died, so taking them again would only stop the next one.
 */
export async function failAbandoned(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('file_conversions')
    .set({ status: 'failed', reason: 'VIEWER.Conversion.Failed.Interrupted', updated_at: now })
    .where(staleClaim('file_conversions'))
    .where('attempts', '>=', MAX_ATTEMPTS)
    .returning('project_file_version_id')
    .execute();
  return rows.map((r) => r.project_file_version_id);
}

/**
 * Claims the next IFC version of a live file that has no conversion yet, or whose claim went stale
 * (marks it converting and counts the attempt); undefined when none waits. Turns are fair: the
 * tenant, then the user whose model was claimed longest ago goes first (platform/jobs/lease.ts).
 * The conditional upsert keeps two claimers from taking the same one.
 */
export async function claimNext(db: Database): Promise<PendingConversion | undefined> {
  return db.transaction().execute(async (trx) => {
    const lastOfTenant = sql`(select max(x.claimed_at) from file_conversions x where x.tenant_id = f.tenant_id)`;
    const lastOfUser = sql`(select max(x.claimed_at) from file_conversions x
      where x.tenant_id = f.tenant_id and x.user_id = v.uploaded_by)`;
    const next = await trx
      .selectFrom('project_file_versions as v')
      .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
      .leftJoin('file_conversions as c', 'c.project_file_version_id', 'v.project_file_version_id')
      .select(['v.project_file_version_id', 'v.storage_key', 'v.sha256', 'f.tenant_id', 'v.uploaded_by'])
      .where((eb) =>
        eb.or([
          eb('c.project_file_version_id', 'is', null),
          eb.and([staleClaim('c'), eb('c.attempts', '<', MAX_ATTEMPTS)]),
        ]),
      )
      .where('f.deleted_at', 'is', null)
      .where(sql<boolean>`lower(f.name) like '%.ifc'`)
      .orderBy(fairTurns(lastOfTenant, lastOfUser, sql`v.project_file_version_id`))
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await trx
      .insertInto('file_conversions')
      .values({
        project_file_version_id: next.project_file_version_id,
        status: 'converting',
        updated_at: sql`now()`,
        claimed_at: sql`now()`,
        attempts: 1,
        tenant_id: next.tenant_id,
        user_id: next.uploaded_by,
      })
      .onConflict((oc) =>
        oc
          .column('project_file_version_id')
          .doUpdateSet({
            status: 'converting',
            reason: null,
            updated_at: sql`now()`,
            claimed_at: sql`now()`,
            attempts: sql`file_conversions.attempts + 1`,
          })
          .where(staleClaim('file_conversions'))
          .where('file_conversions.attempts', '<', MAX_ATTEMPTS),
      )
      .returning('project_file_version_id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    return {
      project_file_version_id: next.project_file_version_id,
      storage_key: next.storage_key,
      sha256: next.sha256,
    };
  });
}

/**
 * At the start of a server on the embedded database, which no other process can open: a claim
 * still marked converting belongs to this database's previous process, which is gone. It is made
 * stale at once (its attempt stays counted), so the conversion resumes without waiting a lease.
 */
export async function expireOwnClaims(db: Database): Promise<void> {
  await db
    .updateTable('file_conversions')
    .set({ updated_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
    .where('status', '=', 'converting')
    .execute();
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
