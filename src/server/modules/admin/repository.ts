import type { BannerInput } from '../../../shared/schemas/admin';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

export function findSalesOrgs(db: Database, tenantId: number) {
  return db
    .selectFrom('sales_orgs')
    .select(['sales_org_id', 'sales_org_key', 'title'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sales_org_key')
    .execute();
}

export function bannerListBase(db: Database, tenantId: number) {
  return db
    .selectFrom('banner_notifications as b')
    .select(['b.notification_id', 'b.title', 'b.text', 'b.level', 'b.show_from', 'b.show_until', 'b.version'])
    .where('b.tenant_id', '=', tenantId);
}

export async function findBannerSalesOrgs(db: Database, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('banner_notification_sales_orgs')
    .select(['notification_id', 'sales_org_id'])
    .where('notification_id', 'in', ids)
    .orderBy('sales_org_id')
    .execute();
  for (const r of rows) map.set(r.notification_id, [...(map.get(r.notification_id) ?? []), r.sales_org_id]);
  return map;
}

export function findBanner(db: Database, tenantId: number, id: number) {
  return bannerListBase(db, tenantId).where('b.notification_id', '=', id).executeTakeFirst();
}

export async function replaceBannerSalesOrgs(db: Database, id: number, salesOrgIds: number[]): Promise<void> {
  await db.deleteFrom('banner_notification_sales_orgs').where('notification_id', '=', id).execute();
  await db
    .insertInto('banner_notification_sales_orgs')
    .values(salesOrgIds.map((s) => ({ notification_id: id, sales_org_id: s })))
    .execute();
}

/** Banners shown at `now` to the given sales organisations of the tenant. */
export function findActiveBanners(db: Database, tenantId: number, salesOrgIds: number[], now: Date) {
  return db
    .selectFrom('banner_notifications as b')
    .select(['b.notification_id', 'b.title', 'b.text', 'b.level', 'b.show_from', 'b.show_until', 'b.version'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.show_from', '<=', now)
    .where('b.show_until', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('banner_notification_sales_orgs as s')
          .select('s.sales_org_id')
          .whereRef('s.notification_id', '=', 'b.notification_id')
          .where('s.sales_org_id', 'in', salesOrgIds),
      ),
    )
    .orderBy('b.show_from', 'desc')
    .execute();
}

const bannerColumns = ['notification_id', 'title', 'text', 'level', 'show_from', 'show_until', 'version'] as const;

function bannerValues(input: BannerInput) {
  return {
    title: input.title,
    text: input.text,
    level: input.level,
    show_from: input.showFrom,
    show_until: input.showUntil,
  };
}

export function insertBanner(db: Database, tenantId: number, input: BannerInput) {
  return db
    .insertInto('banner_notifications')
    .values({ tenant_id: tenantId, ...bannerValues(input) })
    .returning(bannerColumns)
    .executeTakeFirstOrThrow();
}

/** Writes at the version the admin edited, when given (the version goes up); undefined when stale. */
export function updateBannerRow(db: Database, tenantId: number, id: number, input: BannerInput) {
  let q = db
    .updateTable('banner_notifications')
    .set({ ...bannerValues(input), version: sql<number>`version + 1` })
    .where('notification_id', '=', id)
    .where('tenant_id', '=', tenantId);
  if (input.version !== undefined) q = q.where('version', '=', input.version);
  return q.returning(bannerColumns).executeTakeFirst();
}

/** Whether a banner of the tenant was deleted. */
export async function deleteBannerRow(db: Database, tenantId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('banner_notifications')
    .where('notification_id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function findUnitSalesOrg(db: Database, projectUnitId: number) {
  return db
    .selectFrom('project_units')
    .select(['sales_org_id', 'tenant_id'])
    .where('project_unit_id', '=', projectUnitId)
    .executeTakeFirstOrThrow();
}
