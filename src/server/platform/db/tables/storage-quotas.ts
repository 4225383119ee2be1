import type { ColumnType } from 'kysely';

/** A bigint column: `pg` reads it as a string, so readers convert with Number(). */
type BigIntColumn = ColumnType<string | number, number | undefined, number>;

/** The storage-quota migration (250): a tenant's stored and announced bytes, kept by triggers. */
export type TenantStorageUsageTable = {
  tenant_id: number;
  stored_bytes: BigIntColumn;
  stored_files: ColumnType<number, number | undefined, number>;
  pending_bytes: BigIntColumn;
  pending_uploads: ColumnType<number, number | undefined, number>;
  quota_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  quota_files: ColumnType<number | null, number | null | undefined, number | null>;
};

export type StorageQuotaTables = {
  tenant_storage_usage: TenantStorageUsageTable;
};
