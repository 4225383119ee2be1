import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Uploads in progress, prepared downloads and the purge of deleted files: queries only. */

export async function insertUpload(
  db: Database,
  u: { uploadId: string; tenantId: number; userId: number; unitId: number; fileName: string; size: number; now: Date },
) {
  await db
    .insertInto('file_uploads')
    .values({
      upload_id: u.uploadId,
      tenant_id: u.tenantId,
      user_id: u.userId,
      project_unit_id: u.unitId,
      file_name: u.fileName,
      size: u.size,
      created_at: u.now,
      touched_at: u.now,
    })
    .execute();
}

export async function findUpload(db: Database, uploadId: string) {
  const row = await db.selectFrom('file_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : undefined;
}

export async function completeUpload(db: Database, uploadId: string, versionId: number, now: Date) {
  await db
    .updateTable('file_uploads')
    .set({ project_file_version_id: versionId, finished_at: now })
    .where('upload_id', '=', uploadId)
    .execute();
}

export async function deleteUpload(db: Database, uploadId: string) {
  await db.deleteFrom('file_uploads').where('upload_id', '=', uploadId).execute();
}

// Zip downloads

export async function insertDownload(
  db: Database,
  d: {
    downloadId: string;
    userId: number;
    rootId: number;
    versionIds: number[];
    totalSize: number;
    now: Date;
    expiresAt: Date;
  },
) {
  await db
    .insertInto('file_downloads')
    .values({
      download_id: d.downloadId,
      user_id: d.userId,
      root_project_unit_id: d.rootId,
      version_ids: d.versionIds,
      total_size: d.totalSize,
      created_at: d.now,
      expires_at: d.expiresAt,
    })
    .execute();
}

export async function findDownload(db: Database, downloadId: string) {
  const row = await db
    .selectFrom('file_downloads')
    .selectAll()
    .where('download_id', '=', downloadId)
    .executeTakeFirst();
  return row ? { ...row, total_size: Number(row.total_size) } : undefined;
}

// Housekeeping (the nightly purge job)

export async function deleteExpiredDownloads(db: Database, now: Date): Promise<number> {
  const r = await db.deleteFrom('file_downloads').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function findStaleUploads(db: Database, before: Date) {
  return db
    .selectFrom('file_uploads')
    .select(['upload_id', 'project_file_version_id'])
    .where('created_at', '<', before)
    .execute();
}

/** Hard-deletes files soft-deleted before the cut-off (their versions go with them). */
export async function purgeDeletedFiles(db: Database, before: Date): Promise<number> {
  const r = await db.deleteFrom('project_files').where('deleted_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Starts the retention clock of blobs no version uses any more, and stops it for used ones. */
export async function markUnreferencedBlobs(db: Database, now: Date) {
  await sql`update file_blobs b set unreferenced_since = ${now}
    where unreferenced_since is null
      and not exists (select 1 from project_file_versions v where v.storage_key = b.storage_key)`.execute(db);
  await sql`update file_blobs b set unreferenced_since = null
    where unreferenced_since is not null
      and exists (select 1 from project_file_versions v where v.storage_key = b.storage_key)`.execute(db);
}

export async function findPurgeableBlobs(db: Database, before: Date, limit: number) {
  return db
    .selectFrom('file_blobs as b')
    .select('b.storage_key')
    .where('b.unreferenced_since', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('project_file_versions as v')
            .select('v.storage_key')
            .whereRef('v.storage_key', '=', 'b.storage_key'),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

export async function deleteBlob(db: Database, storageKey: string) {
  await db
    .deleteFrom('file_blobs as b')
    .where('b.storage_key', '=', storageKey)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('project_file_versions as v')
            .select('v.storage_key')
            .whereRef('v.storage_key', '=', 'b.storage_key'),
        ),
      ),
    )
    .execute();
}
