import type { Database } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared';

/** The tenant's file policy: queries only. */

// Read with every files page: compiled once, run as a lookup by the tenant.
const tenantPolicy = preparedQuery((db, tenantId: number) =>
  db
    .selectFrom('tenant_file_policies')
    .select(['allowed_kinds', 'max_file_size_bytes'])
    .where('tenant_id', '=', tenantId),
);

export async function findTenantPolicy(db: Database, tenantId: number) {
  const row = (await db.executeQuery(tenantPolicy(db, tenantId))).rows[0];
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
