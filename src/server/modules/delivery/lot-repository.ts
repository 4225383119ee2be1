import { sql } from 'kysely';
import type { DeliveryType } from '../../../shared/schemas/delivery';
import type { Database } from '../../platform/db/database';
import type { DeliveryLotWall } from '../../platform/db/tables/delivery';

/**
 * The delivery lots of a project with their approval lots, for `fetchList`: a subquery `l` whose
 * `delivery_date` is the confirmed date when there is one, else the requested date.
 */
export function lotListBase(db: Database, by: { rootId: number } | { lotId: number }) {
  const inner = db
    .selectFrom('delivery_lots as d')
    .select([
      'd.delivery_lot_id',
      'd.root_project_unit_id',
      'd.title',
      'd.requested_date',
      'd.confirmed_date',
      'd.delivery_type',
      'd.walls',
      sql<string>`coalesce(d.confirmed_date, d.requested_date)`.as('delivery_date'),
      sql<string>`coalesce((select string_agg(u.title, ', ' order by u.project_unit_no) from delivery_lot_units lu
        join project_units u on u.project_unit_id = lu.project_unit_id where lu.delivery_lot_id = d.delivery_lot_id), '')`.as(
        'groups',
      ),
      sql<string>`coalesce((select string_agg(lu.project_unit_id::text, ',' order by lu.project_unit_id) from delivery_lot_units lu
        where lu.delivery_lot_id = d.delivery_lot_id), '')`.as('unit_ids'),
    ])
    .where('rootId' in by ? 'd.root_project_unit_id' : 'd.delivery_lot_id', '=', 'rootId' in by ? by.rootId : by.lotId);
  return db.selectFrom(inner.as('l')).selectAll('l');
}

export type LotRow = Awaited<ReturnType<ReturnType<typeof lotListBase>['execute']>>[number];

export function findLot(db: Database, lotId: number) {
  return lotListBase(db, { lotId }).executeTakeFirst();
}

/** The project a delivery lot belongs to (null for an unknown lot). */
export async function findLotRoot(db: Database, lotId: number): Promise<number | null> {
  const row = await db
    .selectFrom('delivery_lots')
    .select('root_project_unit_id')
    .where('delivery_lot_id', '=', lotId)
    .executeTakeFirst();
  return row?.root_project_unit_id ?? null;
}

/** The project's approval lots (the choices of a delivery lot). */
export function findProjectApprovalLots(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_id', 'title'])
    .where('root_project_unit_id', '=', rootId)
    .where('project_unit_type', '=', 'approvallot')
    .orderBy('project_unit_no')
    .execute();
}

export type LotValues = {
  title: string;
  requested_date: string;
  confirmed_date: string | null;
  delivery_type: DeliveryType;
  walls: DeliveryLotWall[];
};

export async function insertLot(
  trx: Database,
  values: LotValues & { tenant_id: number; root_project_unit_id: number; created_by: number; now: Date },
): Promise<number> {
  const { now, walls, ...rest } = values;
  const row = await trx
    .insertInto('delivery_lots')
    .values({ ...rest, walls: JSON.stringify(walls), created_at: now, updated_at: now })
    .returning('delivery_lot_id')
    .executeTakeFirstOrThrow();
  return row.delivery_lot_id;
}

export async function updateLot(trx: Database, lotId: number, values: Partial<LotValues>, now: Date): Promise<void> {
  const { walls, ...rest } = values;
  await trx
    .updateTable('delivery_lots')
    .set({ ...rest, ...(walls ? { walls: JSON.stringify(walls) } : {}), updated_at: now })
    .where('delivery_lot_id', '=', lotId)
    .execute();
}

export async function replaceLotUnits(trx: Database, lotId: number, unitIds: number[]): Promise<void> {
  await trx.deleteFrom('delivery_lot_units').where('delivery_lot_id', '=', lotId).execute();
  if (unitIds.length === 0) return;
  await trx
    .insertInto('delivery_lot_units')
    .values(unitIds.map((id) => ({ delivery_lot_id: lotId, project_unit_id: id })))
    .execute();
}

export async function deleteLot(trx: Database, lotId: number): Promise<void> {
  await trx.deleteFrom('delivery_lots').where('delivery_lot_id', '=', lotId).execute();
}

/** The project's site contact (not a user): hears of a confirmed delivery besides the members who chose to. */
export async function findSiteContact(db: Database, rootId: number) {
  return db
    .selectFrom('project_units as r')
    .innerJoin('contacts as c', 'c.contact_id', 'r.site_contact_id')
    .select(['c.office_email', 'c.name'])
    .where('r.project_unit_id', '=', rootId)
    .executeTakeFirst();
}

/** Root data for mails and the overview header. */
export function findRoot(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_id', 'project_unit_no', 'title', 'tenant_id'])
    .where('project_unit_id', '=', rootId)
    .executeTakeFirstOrThrow();
}

/**
 * The project's tenant has the DeliveryOverview feature (the SQL form of `isFeatureOn`): lists of
 * lots outside the overview (dashboard card, calendar feed) show only such projects' lots.
 */
export const deliveryOverviewOn = (tenantIdColumn: string) =>
  sql<boolean>`exists (select 1 from tenants ft where ft.tenant_id = ${sql.ref(tenantIdColumn)}
    and (ft.features -> 'DeliveryOverview' = 'true'::jsonb or jsonb_typeof(ft.features -> 'DeliveryOverview') in ('object', 'array')))`;

/**
 * Upcoming lots (from `fromDay`) with a confirmed date other than the requested one, of the
 * projects the user is a member of; the first `limit` by date and the total.
 */
export async function findDivergingLots(db: Database, userId: number, fromDay: string, limit: number) {
  const base = db
    .selectFrom('delivery_lots as d')
    .innerJoin('project_units as r', 'r.project_unit_id', 'd.root_project_unit_id')
    .where(
      sql<boolean>`d.root_project_unit_id = any(array(select m.root_project_unit_id from members m where m.user_id = ${userId}))`,
    )
    .where(deliveryOverviewOn('r.tenant_id'))
    .where('d.confirmed_date', 'is not', null)
    .where(sql<boolean>`d.confirmed_date <> d.requested_date`)
    .where(sql<boolean>`coalesce(d.confirmed_date, d.requested_date) >= ${fromDay}::date`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'd.delivery_lot_id',
        'd.root_project_unit_id',
        'd.title',
        'd.requested_date',
        'd.confirmed_date',
        'r.project_unit_no',
        'r.title as project_title',
      ])
      .orderBy('d.confirmed_date')
      .orderBy('d.delivery_lot_id')
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.count };
}
