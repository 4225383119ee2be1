import { sql, type Insertable, type Updateable } from 'kysely';
import { accessQuery, type AccessRow } from '../../platform/access';
import type { Database } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared';
import type { ProjectUnitsTable } from '../../platform/db/schema';
import { fetchList, type ListQuery } from '../../platform/list-query';
import { sheetValiditySql } from '../questionnaire/repository';

/** Columns of a unit with its linked site address, as the API shows them. */
function selectUnits(db: Database) {
  return db
    .selectFrom('project_units as u')
    .leftJoin('addresses as a', 'a.address_id', 'u.site_address_id')
    .select([
      'u.project_unit_id',
      'u.root_project_unit_id',
      'u.parent_project_unit_id',
      'u.project_unit_type',
      'u.project_unit_type_variant',
      'u.project_unit_no',
      'u.title',
      'u.notes',
      'u.state_key',
      'u.state_since',
      'u.delivery_date',
      'u.earliest_delivery_date',
      'u.site_address_id',
      'u.site_contact_id',
      'u.tenant_id',
      'u.sales_org_id',
      'u.plant_id',
      'u.product_type_id',
      'u.version',
      'a.address_id',
      'a.name as address_name',
      'a.street1 as address_street1',
      'a.zip as address_zip',
      'a.city as address_city',
      'a.country as address_country',
      'a.project_unit_id as address_unit_id',
      'a.version as address_version',
    ]);
}

export type UnitRow = NonNullable<Awaited<ReturnType<typeof findUnit>>>;

export function findUnit(db: Database, unitId: number) {
  return selectUnits(db).where('u.project_unit_id', '=', unitId).executeTakeFirst();
}

/** The chain from the root down to the unit, root first (a recursive walk up the parents). */
/** The rows of the chain from the unit up to its root (a recursive walk up the parents), unordered. */
function unitChain(db: Database, unitId: number) {
  return selectUnits(db).where(
    'u.project_unit_id',
    'in',
    sql<number>`(
        with recursive chain(project_unit_id, parent_project_unit_id, depth) as (
          select project_unit_id, parent_project_unit_id, 0 from project_units where project_unit_id = ${unitId}
          union all
          select p.project_unit_id, p.parent_project_unit_id, c.depth + 1
          from project_units p join chain c on p.project_unit_id = c.parent_project_unit_id
          where c.depth < 20
        )
        select project_unit_id from chain)`,
  );
}

/** The chain's rows root first, ending with the unit (empty for an unknown id). */
function rootFirst<R extends UnitRow>(units: R[], unitId: number): R[] {
  const byId = new Map(units.map((u) => [u.project_unit_id, u]));
  const path: R[] = [];
  for (let unit = byId.get(unitId); unit && path.length <= 20; unit = byId.get(unit.parent_project_unit_id ?? -1))
    path.unshift(unit);
  return path;
}

export async function findUnitPath(db: Database, unitId: number): Promise<UnitRow[]> {
  // One statement: the ids of the chain select the rows.
  return rootFirst(await unitChain(db, unitId).execute(), unitId);
}

/**
 * The details page in one statement: the path (root first, ending with the unit), the unit's
 * access row for the user (access.ts decides from it) and the project's stored sheet validity.
 * Compiled once per database (see preparedQuery).
 */
const unitDetailQuery = preparedQuery((db, userId: number, unitId: number) =>
  unitChain(db, unitId)
    .leftJoin(
      accessQuery(db, userId, unitId).select(sheetValiditySql('r.project_unit_id').as('sheet_valid')).as('acc'),
      'acc.project_unit_id',
      'u.project_unit_id',
    )
    .select([
      'acc.root_project_unit_id as access_root_id',
      'acc.root_state_key',
      'acc.root_variant',
      'acc.features',
      'acc.role_keys',
      'acc.member_user_id',
      'acc.sheet_valid',
    ]),
);

export async function findUnitDetail(
  db: Database,
  userId: number,
  unitId: number,
): Promise<{ path: UnitRow[]; access: AccessRow | undefined; sheetValidity: boolean | null }> {
  const { rows } = await db.executeQuery(unitDetailQuery(db, userId, unitId));
  const own = rows.find((row) => row.project_unit_id === unitId);
  // No access row: the unit's root is missing (access.ts treats it as not readable).
  const access: AccessRow | undefined =
    own && own.access_root_id !== null
      ? {
          project_unit_id: own.project_unit_id,
          root_project_unit_id: own.access_root_id,
          parent_project_unit_id: own.parent_project_unit_id,
          tenant_id: own.tenant_id,
          project_unit_type: own.project_unit_type,
          project_unit_type_variant: own.project_unit_type_variant,
          state_key: own.state_key,
          title: own.title,
          root_state_key: own.root_state_key!,
          root_variant: own.root_variant,
          features: own.features!,
          role_keys: own.role_keys,
          member_user_id: own.member_user_id,
        }
      : undefined;
  return { path: rootFirst(rows, unitId), access, sheetValidity: own?.sheet_valid ?? null };
}

/** A page of the unit's children (the list query's filter, order and page), with the count when asked. */
export function findChildUnits(db: Database, parentId: number, list: ListQuery) {
  return fetchList(selectUnits(db).where('u.parent_project_unit_id', '=', parentId), list);
}

export async function titleTaken(
  db: Database,
  parentId: number,
  title: string,
  excludeUnitId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('parent_project_unit_id', '=', parentId)
    .where(sql<string>`lower(title)`, '=', title.trim().toLowerCase());
  if (excludeUnitId) q = q.where('project_unit_id', '<>', excludeUnitId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUnit(db: Database, values: Insertable<ProjectUnitsTable>): Promise<number> {
  const row = await db
    .insertInto('project_units')
    .values(values)
    .returning('project_unit_id')
    .executeTakeFirstOrThrow();
  return row.project_unit_id;
}

export async function updateUnit(db: Database, unitId: number, values: Updateable<ProjectUnitsTable>): Promise<void> {
  await db.updateTable('project_units').set(values).where('project_unit_id', '=', unitId).execute();
}

/** Writes the user's changes at the version the user edited (the version goes up); false when stale. */
export async function updateUnitAtVersion(
  db: Database,
  unitId: number,
  version: number | undefined,
  values: Updateable<ProjectUnitsTable>,
): Promise<boolean> {
  let q = db
    .updateTable('project_units')
    .set({ ...values, version: sql`version + 1` })
    .where('project_unit_id', '=', unitId);
  if (version !== undefined) q = q.where('version', '=', version);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Locks a subproject's row until the transaction ends: every save of its approval lots' volumes
 * takes this lock before checking the 350 m³ rule, so two saves of sibling lots queue up.
 */
export async function lockSubproject(trx: Database, subprojectId: number): Promise<void> {
  await trx
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('project_unit_id', '=', subprojectId)
    .forUpdate()
    .execute();
}

export async function deleteUnit(db: Database, unitId: number): Promise<void> {
  await db.deleteFrom('project_units').where('project_unit_id', '=', unitId).execute();
}

export async function findPreliminaryDays(
  db: Database,
  plantId: number | null,
  productTypeId: number | null,
): Promise<number | null> {
  if (plantId === null || productTypeId === null) return null;
  const row = await db
    .selectFrom('product_plant_preliminary_days')
    .select('preliminary_days')
    .where('plant_id', '=', plantId)
    .where('product_type_id', '=', productTypeId)
    .executeTakeFirst();
  return row?.preliminary_days ?? null;
}

export function findTenantFeatures(db: Database, tenantId: number) {
  return db
    .selectFrom('tenants')
    .select(['features', 'general_info_by_language', 'language', 'name'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

// ---- Materials -----------------------------------------------------------------------------

export function findMaterials(db: Database, unitId: number) {
  return db
    .selectFrom('materials')
    .select(['type', 'volume', 'delivery_date'])
    .where('project_unit_id', '=', unitId)
    .orderBy('material_id')
    .execute();
}

/** Materials of the other approval lots under the same parent. */
export function findSiblingMaterials(db: Database, parentId: number, excludeUnitId?: number) {
  let q = db
    .selectFrom('materials as m')
    .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
    .select(['m.type', 'm.volume'])
    .where('u.parent_project_unit_id', '=', parentId)
    .where('u.project_unit_type', '=', 'approvallot');
  if (excludeUnitId) q = q.where('u.project_unit_id', '<>', excludeUnitId);
  return q.execute();
}

export async function replaceMaterials(
  db: Database,
  unitId: number,
  materials: { type: string; volume: number; deliveryDate: string | null }[],
): Promise<void> {
  await db.deleteFrom('materials').where('project_unit_id', '=', unitId).execute();
  if (materials.length === 0) return;
  await db
    .insertInto('materials')
    .values(
      materials.map((m) => ({
        project_unit_id: unitId,
        type: m.type,
        volume: m.volume,
        delivery_date: m.deliveryDate,
      })),
    )
    .execute();
}

/** Names of the unit's current files (a folder's, for its delete confirmation). */
export async function findFileNames(db: Database, unitId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('project_files')
    .select('name')
    .where('project_unit_id', '=', unitId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Unit numbers come from a counter row per tenant and scope, so a deleted unit's number is never
 * handed out again. The upsert takes the row lock: parallel creations in the same scope queue
 * here until the first transaction ends, and each gets the next value. A scope created for the
 * first time starts after the highest number already in use (demo data, units from before).
 */
export async function nextUnitNumber(
  trx: Database,
  tenantId: number,
  scope: string,
  highestInUse: number,
): Promise<number> {
  const row = await sql<{ last_value: number }>`
    insert into unit_number_sequences (tenant_id, scope, last_value)
    values (${tenantId}, ${scope}, ${highestInUse + 1})
    on conflict (tenant_id, scope) do update set last_value = unit_number_sequences.last_value + 1
    returning last_value`.execute(trx);
  const [next] = row.rows;
  if (!next) throw new Error('unit number sequence returned no row');
  return next.last_value;
}

/** Numbers of the tenant's root projects that start with `prefix` (the year). */
export async function findRootNumbers(trx: Database, tenantId: number, prefix: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('project_units')
    .select('project_unit_no')
    .where('tenant_id', '=', tenantId)
    .where('parent_project_unit_id', 'is', null)
    .where('project_unit_no', 'like', `${prefix}%`)
    .execute();
  return rows.map((r) => r.project_unit_no);
}

export async function findChildNumbers(trx: Database, parentId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('project_units')
    .select('project_unit_no')
    .where('parent_project_unit_id', '=', parentId)
    .execute();
  return rows.map((r) => r.project_unit_no);
}

export function findTenantLogo(db: Database, tenantId: number) {
  return db.selectFrom('tenants').select('logo_png').where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function findSalesOrgLogo(db: Database, tenantId: number, salesOrgId: number) {
  return db
    .selectFrom('sales_orgs')
    .select('logo_png')
    .where('sales_org_id', '=', salesOrgId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The items of an order lot (its delete ability depends on them); read here so projects need not import orders. */
export async function countOrderItems(db: Database, unitId: number): Promise<number> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from aac_order_items where project_unit_id = ${unitId}) + (select count(*)::int from lintel_order_items where project_unit_id = ${unitId})`.as(
        'n',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row.n;
}
