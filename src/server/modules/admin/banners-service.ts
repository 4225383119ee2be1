import { AppError, fieldError, staleSave } from '../../../shared/errors';
import type { BannerInput, BannerNotification, SalesOrg } from '../../../shared/schemas/admin';
import { bannerLevelSchema } from '../../../shared/schemas/admin';
import type { SessionUser } from '../../platform/auth/session';
import { requireAccess } from '../../platform/access';
import type { Database } from '../../platform/db/database';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import type { ListQueryString } from '../../../shared/schemas/list';
import * as repo from './repository';
import type { ServiceContext } from '../../platform/context';

const bannerList: ListResource = {
  fields: {
    title: { column: 'b.title', type: 'text', sortable: true, filterable: true },
    level: { column: 'b.level', type: 'text', sortable: true, filterable: true },
    showFrom: { column: 'b.show_from', type: 'date', sortable: true, filterable: true },
    showUntil: { column: 'b.show_until', type: 'date', sortable: true, filterable: true },
  },
  defaultOrder: [{ field: 'showFrom', direction: 'desc' }],
  tieBreaker: 'b.notification_id',
  defaultTop: 10,
  maxTop: 100,
};

type BannerRow = {
  notification_id: number;
  title: string;
  text: string;
  level: string;
  show_from: Date;
  show_until: Date;
  version: number;
};

function toBanner(row: BannerRow, salesOrgs: number[]): BannerNotification {
  return {
    notificationID: row.notification_id,
    title: row.title,
    text: row.text,
    level: bannerLevelSchema.catch('info').parse(row.level),
    showFrom: new Date(row.show_from).toISOString(),
    showUntil: new Date(row.show_until).toISOString(),
    salesOrgs,
    version: row.version,
  };
}

export async function listSalesOrgs(ctx: ServiceContext, user: SessionUser): Promise<SalesOrg[]> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const rows = await repo.findSalesOrgs(ctx.db, user.tenantId);
  return rows.map((r) => ({ salesOrgID: r.sales_org_id, salesOrgKey: r.sales_org_key, title: r.title }));
}

export async function listBanners(ctx: ServiceContext, user: SessionUser, query: ListQueryString) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const list = parseListQuery(bannerList, { ...query, $count: 'true' });
  const { data, count } = await fetchList(repo.bannerListBase(ctx.db, user.tenantId), list);
  const orgs = await repo.findBannerSalesOrgs(
    ctx.db,
    data.map((b) => b.notification_id),
  );
  return { data: data.map((b) => toBanner(b, orgs.get(b.notification_id) ?? [])), count: count ?? data.length };
}

/** The sales orgs must all belong to the admin's tenant. */
async function checkSalesOrgs(db: Database, tenantId: number, ids: number[]): Promise<number[]> {
  const own = new Set((await repo.findSalesOrgs(db, tenantId)).map((s) => s.sales_org_id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !own.has(id))) throw fieldError('salesOrgs', 'ERRORMESSAGES.NotFound');
  return unique;
}

export async function createBanner(
  ctx: ServiceContext,
  user: SessionUser,
  input: BannerInput,
): Promise<BannerNotification> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  return ctx.db.transaction().execute(async (trx) => {
    const salesOrgs = await checkSalesOrgs(trx, user.tenantId, input.salesOrgs);
    const row = await repo.insertBanner(trx, user.tenantId, input);
    await repo.replaceBannerSalesOrgs(trx, row.notification_id, salesOrgs);
    return toBanner(row, salesOrgs);
  });
}

export async function updateBanner(
  ctx: ServiceContext,
  user: SessionUser,
  id: number,
  input: BannerInput,
): Promise<BannerNotification> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await repo.findBanner(trx, user.tenantId, id);
    if (!stored) throw new AppError('NotFound');
    const salesOrgs = await checkSalesOrgs(trx, user.tenantId, input.salesOrgs);
    const row = await repo.updateBannerRow(trx, user.tenantId, id, input);
    if (!row) {
      // Someone saved in between: answer with the banner as it is stored now.
      const current = (await repo.findBanner(trx, user.tenantId, id)) ?? stored;
      const orgs = await repo.findBannerSalesOrgs(trx, [id]);
      throw staleSave(toBanner(current, orgs.get(id) ?? []));
    }
    await repo.replaceBannerSalesOrgs(trx, id, salesOrgs);
    return toBanner(row, salesOrgs);
  });
}

export async function deleteBanner(ctx: ServiceContext, user: SessionUser, id: number): Promise<void> {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  if (!(await repo.deleteBannerRow(ctx.db, user.tenantId, id))) throw new AppError('NotFound');
}

/**
 * Banners shown now to the signed-in user: those targeted at the user's sales organisation,
 * or, on a project page, at the project's (readable projects only; otherwise 404).
 */
export async function listActiveBanners(
  ctx: ServiceContext,
  user: SessionUser,
  rootUnitId?: number,
): Promise<BannerNotification[]> {
  let tenantId = user.tenantId;
  const salesOrgIds = user.salesOrgId ? [user.salesOrgId] : [];
  if (rootUnitId !== undefined) {
    const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootUnitId });
    const unit = await repo.findUnitSalesOrg(ctx.db, access.root.project_unit_id);
    tenantId = unit.tenant_id;
    if (unit.sales_org_id) salesOrgIds.push(unit.sales_org_id);
  }
  if (salesOrgIds.length === 0) return [];
  const rows = await repo.findActiveBanners(ctx.db, tenantId, salesOrgIds, ctx.clock.now());
  return rows.map((r) => toBanner(r, []));
}
