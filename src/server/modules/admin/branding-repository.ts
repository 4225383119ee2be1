import type { Database } from '../../platform/db/database';

export function findBrandColor(db: Database, tenantId: number) {
  return db.selectFrom('tenants').select('brand_color').where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function updateBrandColor(db: Database, tenantId: number, brandColor: string | null) {
  return db.updateTable('tenants').set({ brand_color: brandColor }).where('tenant_id', '=', tenantId).execute();
}
