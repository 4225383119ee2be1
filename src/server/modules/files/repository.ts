import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Project files: queries only. Sizes are bigint columns; readers convert with Number(). */

export type VersionRow = {
  project_file_version_id: number;
  project_file_id: number;
  version_no: number;
  storage_key: string;
  size: number;
  sha256: string;
  content_type: string;
  uploaded_by: number | null;
  uploader_first_name: string | null;
  uploader_last_name: string | null;
  uploader_login: string | null;
  uploader_deleted: boolean;
  created_at: Date;
};

export type FileRow = {
  project_file_id: number;
  project_unit_id: number;
  root_project_unit_id: number;
  tenant_id: number;
  name: string;
  created_at: Date;
};

export async function findTenantPolicy(db: Database, tenantId: number) {
  const row = await db
    .selectFrom('tenant_file_policies')
    .select(['allowed_kinds', 'max_file_size_bytes'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? { allowedKinds: row.allowed_kinds, maxFileSizeBytes: Number(row.max_file_size_bytes) } : null;
}

export async function upsertTenantPolicy(
  db: Database,
  tenantId: number,
  policy: { allowedKinds: string[]; maxFileSizeBytes: number },
) {
  await db
    .insertInto('tenant_file_policies')
    .values({ tenant_id: tenantId, allowed_kinds: policy.allowedKinds, max_file_size_bytes: policy.maxFileSizeBytes })
    .onConflict((oc) =>
      oc
        .column('tenant_id')
        .doUpdateSet({ allowed_kinds: policy.allowedKinds, max_file_size_bytes: policy.maxFileSizeBytes }),
    )
    .execute();
}

export async function deleteTenantPolicy(db: Database, tenantId: number) {
  await db.deleteFrom('tenant_file_policies').where('tenant_id', '=', tenantId).execute();
}

/** Live files of the given units. */
export async function findFiles(db: Database, unitIds: number[]): Promise<FileRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('project_files')
    .select(['project_file_id', 'project_unit_id', 'root_project_unit_id', 'tenant_id', 'name', 'created_at'])
    .where('project_unit_id', 'in', unitIds)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function findFile(db: Database, fileId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('project_files')
    .select(['project_file_id', 'project_unit_id', 'root_project_unit_id', 'tenant_id', 'name', 'created_at'])
    .where('project_file_id', '=', fileId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findFileByName(db: Database, unitId: number, nameKey: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('project_files')
    .select(['project_file_id', 'project_unit_id', 'root_project_unit_id', 'tenant_id', 'name', 'created_at'])
    .where('project_unit_id', '=', unitId)
    .where('name_key', '=', nameKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** All versions of the given files, newest first per file. */
export async function findVersions(db: Database, fileIds: number[]): Promise<VersionRow[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('project_file_versions as v')
    .leftJoin('users as u', 'u.user_id', 'v.uploaded_by')
    .select([
      'v.project_file_version_id',
      'v.project_file_id',
      'v.version_no',
      'v.storage_key',
      'v.size',
      'v.sha256',
      'v.content_type',
      'v.uploaded_by',
      'v.created_at',
      'u.first_name as uploader_first_name',
      'u.last_name as uploader_last_name',
      'u.login as uploader_login',
      sql<boolean>`u.deleted_at is not null`.as('uploader_deleted'),
    ])
    .where('v.project_file_id', 'in', fileIds)
    .orderBy('v.project_file_id')
    .orderBy('v.version_no', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size), uploader_deleted: r.uploader_deleted ?? false }));
}

/** Versions by id, with their file and unit, for a zip download (live files only). */
export async function findVersionsForDownload(db: Database, versionIds: number[]) {
  if (versionIds.length === 0) return [];
  const rows = await db
    .selectFrom('project_file_versions as v')
    .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
    .innerJoin('project_units as pu', 'pu.project_unit_id', 'f.project_unit_id')
    .select([
      'v.project_file_version_id',
      'v.storage_key',
      'v.size',
      'f.name',
      'f.root_project_unit_id',
      'pu.project_unit_no',
      'pu.title as unit_title',
    ])
    .where('v.project_file_version_id', 'in', versionIds)
    .where('f.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** The units of a root tree, parents before children. */
export async function findTreeUnits(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_id', 'parent_project_unit_id', 'project_unit_no', 'title', 'project_unit_type_variant'])
    .where('root_project_unit_id', '=', rootId)
    .orderBy('project_unit_no')
    .execute();
}

export async function countUnitFiles(db: Database, unitId: number): Promise<number> {
  const row = await db
    .selectFrom('project_files')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_unit_id', '=', unitId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findBlobBySha(db: Database, tenantId: number, sha256: string, size: number) {
  return db
    .selectFrom('file_blobs')
    .select('storage_key')
    .where('tenant_id', '=', tenantId)
    .where('sha256', '=', sha256)
    .where('size', '=', size)
    .executeTakeFirst();
}

export async function insertBlob(
  db: Database,
  blob: { storageKey: string; tenantId: number; size: number; sha256: string; now: Date },
) {
  await db
    .insertInto('file_blobs')
    .values({
      storage_key: blob.storageKey,
      tenant_id: blob.tenantId,
      size: blob.size,
      sha256: blob.sha256,
      created_at: blob.now,
    })
    .execute();
}

/** Marks a reused blob as referenced again (the purge job would otherwise count down). */
export async function touchBlob(db: Database, storageKey: string) {
  await db.updateTable('file_blobs').set({ unreferenced_since: null }).where('storage_key', '=', storageKey).execute();
}

export async function insertFile(
  db: Database,
  f: { tenantId: number; rootId: number; unitId: number; name: string; nameKey: string; now: Date },
) {
  return db
    .insertInto('project_files')
    .values({
      tenant_id: f.tenantId,
      root_project_unit_id: f.rootId,
      project_unit_id: f.unitId,
      name: f.name,
      name_key: f.nameKey,
      created_at: f.now,
    })
    .returning('project_file_id')
    .executeTakeFirstOrThrow();
}

export async function lockFile(db: Database, fileId: number) {
  return db
    .selectFrom('project_files')
    .select('project_file_id')
    .where('project_file_id', '=', fileId)
    .forUpdate()
    .executeTakeFirst();
}

export async function nextVersionNo(db: Database, fileId: number): Promise<number> {
  const row = await db
    .selectFrom('project_file_versions')
    .select(sql<number>`coalesce(max(version_no), 0)::int`.as('n'))
    .where('project_file_id', '=', fileId)
    .executeTakeFirstOrThrow();
  return row.n + 1;
}

export async function insertVersion(
  db: Database,
  v: {
    fileId: number;
    versionNo: number;
    storageKey: string;
    size: number;
    sha256: string;
    contentType: string;
    uploadedBy: number | null;
    now: Date;
  },
) {
  return db
    .insertInto('project_file_versions')
    .values({
      project_file_id: v.fileId,
      version_no: v.versionNo,
      storage_key: v.storageKey,
      size: v.size,
      sha256: v.sha256,
      content_type: v.contentType,
      uploaded_by: v.uploadedBy,
      created_at: v.now,
    })
    .returning('project_file_version_id')
    .executeTakeFirstOrThrow();
}

export async function softDeleteFile(db: Database, fileId: number, userId: number, now: Date) {
  await db
    .updateTable('project_files')
    .set({ deleted_at: now, deleted_by: userId })
    .where('project_file_id', '=', fileId)
    .where('deleted_at', 'is', null)
    .execute();
}

// Uploads in progress

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
    })
    .execute();
}

export async function findUpload(db: Database, uploadId: string) {
  const row = await db.selectFrom('file_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : undefined;
}

export async function completeUpload(db: Database, uploadId: string, versionId: number) {
  await db
    .updateTable('file_uploads')
    .set({ project_file_version_id: versionId })
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

/** The columns of an uploader that the access check of a finished upload needs. */
export function findUploader(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['tenant_id', 'is_internal', 'is_admin', 'login', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
