import type { Database } from '../../platform/db/database';

/** A tenant's storage usage (kept by the triggers of migration 250) and a user's open uploads: queries only. */

export async function findUsage(db: Database, tenantId: number) {
  const row = await db
    .selectFrom('tenant_storage_usage')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    storedBytes: Number(row?.stored_bytes ?? 0),
    storedFiles: Number(row?.stored_files ?? 0),
    pendingBytes: Number(row?.pending_bytes ?? 0),
    pendingUploads: Number(row?.pending_uploads ?? 0),
    quotaBytes: row?.quota_bytes == null ? null : Number(row.quota_bytes),
    quotaFiles: row?.quota_files ?? null,
  };
}

/** Unfinished uploads of the user that received bytes (or began) since `since`. */
export async function countOpenUploads(db: Database, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('file_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('finished_at', 'is', null)
    .where('touched_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function touchUpload(db: Database, uploadId: string, now: Date) {
  await db.updateTable('file_uploads').set({ touched_at: now }).where('upload_id', '=', uploadId).execute();
}
