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
