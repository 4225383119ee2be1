import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampNullable } from './foundation';

/** A bigint column: `pg` reads it as a string, so readers convert with Number(). */
type BigIntColumn = ColumnType<string | number, number, number>;

/** Tables of the project-files migration (070). */
export type TenantFilePoliciesTable = {
  tenant_id: number;
  allowed_kinds: ColumnType<string[], string[], string[]>;
  max_file_size_bytes: BigIntColumn;
};

export type FileBlobsTable = {
  storage_key: string;
  tenant_id: number;
  size: BigIntColumn;
  sha256: string;
  created_at: Timestamp;
  unreferenced_since: TimestampNullable;
};

export type ProjectFilesTable = {
  project_file_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  name: string;
  name_key: string;
  created_at: Timestamp;
  deleted_at: TimestampNullable;
  deleted_by: number | null;
};

export type ProjectFileVersionsTable = {
  project_file_version_id: Generated<number>;
  project_file_id: number;
  version_no: number;
  storage_key: string;
  size: BigIntColumn;
  sha256: string;
  content_type: string;
  uploaded_by: number | null;
  created_at: Timestamp;
};

export type FileUploadsTable = {
  upload_id: string;
  tenant_id: number;
  user_id: number;
  project_unit_id: number;
  file_name: string;
  size: BigIntColumn;
  created_at: Timestamp;
  /** The last time bytes arrived (migration 250). */
  touched_at: Timestamp;
  /** When its version was recorded (migration 251); stays set if that version is purged later. */
  finished_at: TimestampNullable;
  project_file_version_id: number | null;
};

export type FileDownloadsTable = {
  download_id: string;
  user_id: number;
  root_project_unit_id: number;
  version_ids: ColumnType<number[], number[], number[]>;
  total_size: BigIntColumn;
  created_at: Timestamp;
  expires_at: Timestamp;
};

export type FileTables = {
  tenant_file_policies: TenantFilePoliciesTable;
  file_blobs: FileBlobsTable;
  project_files: ProjectFilesTable;
  project_file_versions: ProjectFileVersionsTable;
  file_uploads: FileUploadsTable;
  file_downloads: FileDownloadsTable;
};
