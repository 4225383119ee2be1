import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { tenantLanguageOf } from '../../platform/db/tenant-language';
import type { Database } from '../../platform/db/database';

/** Who sees which projects and what the planner narrowed the outlook to. */
export type OutlookScope = {
  tenantId: number;
  /** Null: every sales organisation of the tenant (admins). An empty list sees nothing. */
  salesOrgIds: number[] | null;
  plantId?: number;
  productTypeId?: number;
  stateKey?: string;
};

export type Material = 'aac' | 'lintel';
export type Category = 'confirmed' | 'ordered' | 'planned' | 'expected';

const orderLotType = (material: Material) => (material === 'aac' ? 'aacorderlot' : 'lintelorderlot');

/** The filters on the root project and the unit (plant and product type fall back to the root's). */
function scopeSql(scope: OutlookScope): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`r.tenant_id = ${scope.tenantId}`];
  if (scope.salesOrgIds !== null) {
    parts.push(
      scope.salesOrgIds.length === 0
        ? sql`false`
        : sql`r.sales_org_id in (${sql.join(scope.salesOrgIds.map((id) => sql`${id}`))})`,
    );
  }
  if (scope.plantId !== undefined) parts.push(sql`coalesce(u.plant_id, r.plant_id) = ${scope.plantId}`);
  if (scope.productTypeId !== undefined) {
    parts.push(sql`coalesce(u.product_type_id, r.product_type_id) = ${scope.productTypeId}`);
  }
  if (scope.stateKey !== undefined) parts.push(sql`r.state_key = ${scope.stateKey}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The unit itself is read only when a filter asks for its own plant or product type. */
function unitJoin(scope: OutlookScope, unitId: RawBuilder<unknown>) {
  return scope.plantId !== undefined || scope.productTypeId !== undefined
    ? sql`join project_units u on u.project_unit_id = ${unitId}`
    : sql``;
}

/**
 * Every dated volume of the window, one row per approval lot and lot (or per dated material when
 * the approval lot is not in a delivery lot yet), with its category:
 * - confirmed: in a delivery lot with a confirmed date, and the project has placed its order;
 * - ordered: in a delivery lot, the project's order of that material is placed (not confirmed);
 * - planned: in a delivery lot, no placed order;
 * - expected: the approval lot's material has a delivery date but is in no delivery lot.
 * The delivery lot's day is its confirmed date, else the requested one.
 */
function entriesSql(scope: OutlookScope, material: Material, from: string, to: string) {
  const ordered = sql`exists (select 1 from project_units o where o.root_project_unit_id = r.project_unit_id
      and o.project_unit_type = ${orderLotType(material)} and o.state_key in ('Finalized', 'Closed'))`;
  return sql`
    select coalesce(u.plant_id, r.plant_id) as plant_id,
      case when d.confirmed_date is not null and ${ordered} then 'confirmed'
           when ${ordered} then 'ordered' else 'planned' end as category,
      coalesce(d.confirmed_date, d.requested_date) as day, m.volume,
      r.project_unit_id as root_id, r.project_unit_no as project_no, r.title as project_title,
      r.state_key as project_state, u.project_unit_id as unit_id, u.title as unit_title,
      d.delivery_lot_id as lot_id, d.title as lot_title
    from delivery_lots d
    join delivery_lot_units lu on lu.delivery_lot_id = d.delivery_lot_id
    join project_units u on u.project_unit_id = lu.project_unit_id
    join project_units r on r.project_unit_id = d.root_project_unit_id
    join materials m on m.project_unit_id = u.project_unit_id and m.type = ${material}
    where d.tenant_id = ${scope.tenantId}
      and coalesce(d.confirmed_date, d.requested_date) >= ${from}::date
      and coalesce(d.confirmed_date, d.requested_date) < ${to}::date
      and m.volume > 0 and ${scopeSql(scope)}
    union all
    select coalesce(u.plant_id, r.plant_id), 'expected', m.delivery_date, m.volume,
      r.project_unit_id, r.project_unit_no, r.title, r.state_key, u.project_unit_id, u.title,
      null::int, null::text
    from materials m
    join project_units u on u.project_unit_id = m.project_unit_id
    join project_units r on r.project_unit_id = u.root_project_unit_id
    where m.type = ${material} and m.delivery_date >= ${from}::date and m.delivery_date < ${to}::date
      and m.volume > 0 and u.tenant_id = ${scope.tenantId} and u.project_unit_type = 'approvallot'
      and not exists (select 1 from delivery_lot_units x where x.project_unit_id = u.project_unit_id)
      and ${scopeSql(scope)}`;
}

/** The volumes per plant, ISO week (its Monday) and category: the chart's one aggregate. */
export async function weeklyVolumes(db: Database, scope: OutlookScope, material: Material, from: string, to: string) {
  const result = await sql<{ plant_id: number | null; week: string; category: Category; volume: number }>`
    select e.plant_id, to_char(date_trunc('week', e.day)::date, 'YYYY-MM-DD') as week, e.category,
      round(sum(e.volume)::numeric, 3)::float8 as volume
    from (${entriesSql(scope, material, from, to)}) e
    group by 1, 2, 3 order by 2, 1, 3`.execute(db);
  return result.rows;
}

/** What stands behind one column: the projects, approval lots and delivery lots of that week. */
export async function weekEntries(
  db: Database,
  scope: OutlookScope,
  material: Material,
  week: string,
  plantId: number | null,
  category: Category | undefined,
  limit: number,
) {
  const result = await sql<{
    plant_id: number | null;
    category: Category;
    day: string;
    volume: number;
    root_id: number;
    project_no: string;
    project_title: string;
    project_state: string;
    unit_id: number;
    unit_title: string;
    lot_id: number | null;
    lot_title: string | null;
  }>`
    select e.plant_id, e.category, to_char(e.day, 'YYYY-MM-DD') as day, e.volume::float8 as volume, e.root_id,
      e.project_no, e.project_title, e.project_state, e.unit_id, e.unit_title, e.lot_id, e.lot_title
    from (${entriesSql(scope, material, week, addDays(week, 7))}) e
    where ${plantId === null ? sql`e.plant_id is null` : sql`e.plant_id = ${plantId}`}
      ${category ? sql`and e.category = ${category}` : sql``}
    order by e.day, e.project_no, e.unit_title, e.lot_id nulls last
    limit ${limit}`.execute(db);
  return result.rows;
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function findPlants(db: Database, tenantId: number) {
  return db
    .selectFrom('plants')
    .select([
      'plant_id',
      'name',
      'name_by_language',
      tenantLanguageOf('plants.tenant_id').as('tenant_language'),
      'weekly_capacity',
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('plant_id')
    .execute();
}

export function setPlantCapacity(db: Database, tenantId: number, plantId: number, capacity: number | null) {
  return db
    .updateTable('plants')
    .set({ weekly_capacity: capacity })
    .where('tenant_id', '=', tenantId)
    .where('plant_id', '=', plantId)
    .returning([
      'plant_id',
      'name',
      'name_by_language',
      tenantLanguageOf('plants.tenant_id').as('tenant_language'),
      'weekly_capacity',
    ])
    .executeTakeFirst();
}

/** Median days from opening to resolving a review topic, for topics resolved since `since`. */
export async function reviewRoundMedian(db: Database, scope: OutlookScope, since: Date) {
  const result = await sql<{ rounds: number; median_days: number | null }>`
    select count(*)::int as rounds,
      (percentile_cont(0.5) within group (order by extract(epoch from (t.resolved_at - t.created_at)) / 86400))::float8 as median_days
    from review_topics t
    join project_units u on u.project_unit_id = t.project_unit_id
    join project_units r on r.project_unit_id = t.root_project_unit_id
    where t.tenant_id = ${scope.tenantId} and t.status = 'resolved' and t.resolved_at >= ${since}
      and ${scopeSql(scope)}`.execute(db);
  return result.rows[0] ?? { rounds: 0, median_days: null };
}

/**
 * Median days a unit spent in each workflow state, for the states left since `since`: the time
 * between the journal entry that entered the state and the one that left it. Entries that keep
 * the state (a file added, a topic imported, members changed) are neither.
 */
export async function stateMedians(db: Database, scope: OutlookScope, since: Date) {
  const result = await sql<{ state_key: string; transitions: number; median_days: number }>`
    select s.state_key, count(*)::int as transitions,
      (percentile_cont(0.5) within group (order by extract(epoch from (s.left_at - s.entered_at)) / 86400))::float8 as median_days
    from (
      select j.content_json->>'oldState' as state_key, j.created_at as left_at, j.project_unit_id,
        j.root_project_unit_id,
        lag(j.created_at) over (partition by j.project_unit_id order by j.created_at, j.project_units_journal_id) as entered_at
      from project_unit_journal j
      where j.tenant_id = ${scope.tenantId}
        and (j.content_json->>'oldState') is distinct from (j.content_json->>'newState')
    ) s
    join project_units r on r.project_unit_id = s.root_project_unit_id
    ${unitJoin(scope, sql`s.project_unit_id`)}
    where s.left_at >= ${since} and s.entered_at is not null and s.state_key is not null and ${scopeSql(scope)}
    group by s.state_key
    order by s.state_key`.execute(db);
  return result.rows;
}

/** Of the delivery lots confirmed for a day in [since, today]: how many on the requested day. */
export async function onTimeShare(db: Database, scope: OutlookScope, since: string, today: string) {
  const result = await sql<{ deliveries: number; on_requested: number }>`
    select count(*)::int as deliveries,
      count(*) filter (where d.confirmed_date = d.requested_date)::int as on_requested
    from delivery_lots d
    join project_units r on r.project_unit_id = d.root_project_unit_id
    join project_units u on u.project_unit_id = d.root_project_unit_id
    where d.tenant_id = ${scope.tenantId} and d.confirmed_date >= ${since}::date and d.confirmed_date <= ${today}::date
      and ${scopeSql(scope)}`.execute(db);
  return result.rows[0] ?? { deliveries: 0, on_requested: 0 };
}

/** The projects waiting longest in their state, `perState` of each open state. */
export async function longestWaiting(db: Database, scope: OutlookScope, perState: number) {
  const result = await sql<{
    root_id: number;
    project_no: string;
    project_title: string;
    state_key: string;
    state_since: Date;
  }>`
    select w.root_id, w.project_no, w.project_title, w.state_key, w.state_since from (
      select r.project_unit_id as root_id, r.project_unit_no as project_no, r.title as project_title,
        r.state_key, r.state_since,
        row_number() over (partition by r.state_key order by r.state_since, r.project_unit_id) as rank
      from project_units r
      join project_units u on u.project_unit_id = r.project_unit_id
      where r.tenant_id = ${scope.tenantId} and r.parent_project_unit_id is null
        and r.state_key not in ('Closed', 'Archived') and ${scopeSql(scope)}
    ) w where w.rank <= ${perState}
    order by w.state_key, w.state_since, w.root_id`.execute(db);
  return result.rows;
}
