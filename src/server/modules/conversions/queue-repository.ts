import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import { enqueueWork } from '../../platform/jobs/work-items';

/**
 * The queue of IFC model conversions and their state: what a stored version needs (files, on upload)
 * and what readers show (file lists, structure, delivery). The converting itself is the viewer's
 * (viewer/conversion-service.ts), registered for this kind of background work at start.
 */

/** The background-work kind of a model conversion (platform/jobs/work.ts). */
export const CONVERSION_KIND = 'viewer.convert-ifc';
export type ConversionPayload = { versionId: number };
/** One waiting conversion per version: `v` and the version's id (also built in SQL below). */
const dedupeKey = (versionId: number) => `v${versionId}`;

/**
 * Queues the conversion of an IFC version; pass the transaction that writes the version. Its
 * tenant and uploader are the shares it is claimed fairly by.
 */
export async function enqueueConversion(
  trx: Database,
  version: { versionId: number; tenantId: number; userId: number | null },
): Promise<void> {
  await enqueueWork(trx, {
    kind: CONVERSION_KIND,
    tenantId: version.tenantId,
    userId: version.userId,
    payload: { versionId: version.versionId } satisfies ConversionPayload,
    dedupeKey: dedupeKey(version.versionId),
  });
}

/**
 * Queues the IFC versions of live files that have no conversion and none waiting: versions written
 * without an upload (demo data, a restored backup, a database from before the work queue).
 */
export async function enqueueMissingConversions(db: Database): Promise<number> {
  const { numAffectedRows } = await sql`
    insert into work_items (kind, tenant_id, user_id, payload, max_attempts, dedupe_key)
    select ${CONVERSION_KIND}, f.tenant_id, v.uploaded_by,
      jsonb_build_object('versionId', v.project_file_version_id), 0, 'v' || v.project_file_version_id
    from project_file_versions v
    join project_files f on f.project_file_id = v.project_file_id
    where f.deleted_at is null and lower(f.name) like '%.ifc'
      and not exists (select 1 from file_conversions c where c.project_file_version_id = v.project_file_version_id)
      and not exists (select 1 from work_items w where w.kind = ${CONVERSION_KIND}
        and w.dedupe_key = 'v' || v.project_file_version_id and w.finished_at is null)
    order by v.project_file_version_id
    on conflict (kind, dedupe_key) where dedupe_key is not null and finished_at is null do nothing`.execute(db);
  return Number(numAffectedRows ?? 0);
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
