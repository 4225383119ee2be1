import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared';

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

const fileColumns = [
  'project_file_id',
  'project_unit_id',
  'root_project_unit_id',
  'tenant_id',
  'name',
  'created_at',
] as const;

// The files of one unit (its files page): compiled once, run as a lookup by the unit.
const filesOfUnit = preparedQuery((db, unitId: number) =>
  db
    .selectFrom('project_files')
    .select(fileColumns)
    .where('project_unit_id', '=', unitId)
    .where('deleted_at', 'is', null),
);

/** Live files of the given units. */
export async function findFiles(db: Database, unitIds: number[]): Promise<FileRow[]> {
  if (unitIds.length === 0) return [];
  if (unitIds.length === 1) return (await db.executeQuery(filesOfUnit(db, unitIds[0]!))).rows;
  return db
    .selectFrom('project_files')
    .select(fileColumns)
    .where('project_unit_id', 'in', unitIds)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function findFile(db: Database, fileId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('project_files')
    .select(fileColumns)
    .where('project_file_id', '=', fileId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findFileByName(db: Database, unitId: number, nameKey: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('project_files')
    .select(fileColumns)
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

/** The columns of an uploader that the access check of a finished upload needs. */
export function findUploader(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['tenant_id', 'is_internal', 'is_admin', 'login', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
