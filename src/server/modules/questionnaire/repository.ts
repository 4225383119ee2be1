import { sql } from 'kysely';
import type { StoredData } from '../../../shared/questionnaire/definition';
import type { Database } from '../../platform/db/database';

export function findSheet(db: Database, rootId: number) {
  return db
    .selectFrom('questionnaires')
    .select(['data', 'is_valid', 'updated_at'])
    .where('root_project_unit_id', '=', rootId)
    .executeTakeFirst();
}

/**
 * The sheet's stored validity as an expression (null without a saved sheet), for reading it with
 * other rows: `rootRef` names the column holding the root project's id.
 */
export function sheetValiditySql(rootRef: string) {
  return sql<
    boolean | null
  >`(select q.is_valid from questionnaires q where q.root_project_unit_id = ${sql.ref(rootRef)})`;
}

/** Only the validity of the sheet (its data can be large; guards and the details page need no more). */
export async function findSheetValidity(db: Database, rootId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom('questionnaires')
    .select('is_valid')
    .where('root_project_unit_id', '=', rootId)
    .executeTakeFirst();
  return row ? row.is_valid : null;
}

export async function saveSheet(
  db: Database,
  row: { rootId: number; data: StoredData; isValid: boolean; userId: number | null; now: Date },
): Promise<void> {
  const values = {
    data: JSON.stringify(row.data),
    is_valid: row.isValid,
    updated_by: row.userId,
    updated_at: row.now,
  };
  await db
    .insertInto('questionnaires')
    .values({ root_project_unit_id: row.rootId, ...values })
    .onConflict((oc) => oc.column('root_project_unit_id').doUpdateSet(values))
    .execute();
}

/** The newest value of each of the keys among the unit's params. */
export async function latestParams(db: Database, unitId: number, keys: string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('project_unit_params')
    .select(['param_key', 'param_value'])
    .where('project_unit_id', '=', unitId)
    .where('param_key', 'in', keys)
    .orderBy('created_on', 'asc')
    .orderBy('project_unit_param_id', 'asc')
    .execute();
  const out = new Map<string, string | null>();
  for (const r of rows) out.set(r.param_key, r.param_value);
  return out;
}

export async function insertParam(db: Database, unitId: number, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('project_unit_params')
    .values({ project_unit_id: unitId, param_key: key, param_value: value, created_on: now })
    .execute();
}

export function findRoot(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_no', 'title'])
    .where('project_unit_id', '=', rootId)
    .executeTakeFirst();
}

/** Approval lots of the project with their subproject and materials, in structure order. */
export async function findScheduleLots(db: Database, rootId: number) {
  const lots = await db
    .selectFrom('project_units as l')
    .innerJoin('project_units as s', 's.project_unit_id', 'l.parent_project_unit_id')
    .select([
      'l.project_unit_id',
      'l.project_unit_no',
      'l.title',
      'l.notes',
      'l.delivery_date',
      's.title as sub_title',
      's.project_unit_no as sub_no',
    ])
    .where('l.root_project_unit_id', '=', rootId)
    .where('l.project_unit_type', '=', 'approvallot')
    .orderBy('s.project_unit_no')
    .orderBy('l.project_unit_no')
    .execute();
  const ids = lots.map((l) => l.project_unit_id);
  const materials =
    ids.length === 0
      ? []
      : await db
          .selectFrom('materials')
          .select(['project_unit_id', 'type', 'volume', 'delivery_date'])
          .where('project_unit_id', 'in', ids)
          .orderBy('material_id')
          .execute();
  return { lots, materials };
}

/** Internal members of the root (mail recipients of the information sheet). */
export function findInternalMemberMails(db: Database, rootId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .innerJoin('project_units as r', 'r.project_unit_id', 'm.root_project_unit_id')
    .select(['u.email', 'u.language'])
    .where('m.root_project_unit_id', '=', rootId)
    .where('u.is_internal', '=', true)
    .whereRef('u.tenant_id', '=', 'r.tenant_id')
    .where('u.email', 'is not', null)
    .execute();
}

export function findTenantOfRoot(db: Database, rootId: number) {
  return db
    .selectFrom('project_units as r')
    .innerJoin('tenants as t', 't.tenant_id', 'r.tenant_id')
    .select(['t.tenant_id', 't.features'])
    .where('r.project_unit_id', '=', rootId)
    .executeTakeFirst();
}
