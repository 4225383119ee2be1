import { sql } from 'kysely';
import { doneStates } from '../../../shared/rules/workflow';
import type { Database } from '../../platform/db/database';

/** The subprojects of a structure with their number of children and the children's total volume. */
export function findSubprojectSizes(db: Database, rootId: number) {
  return db
    .selectFrom('project_units as s')
    .select([
      's.project_unit_id',
      (eb) =>
        eb
          .selectFrom('project_units as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.parent_project_unit_id', '=', 's.project_unit_id')
          .as('children'),
      (eb) =>
        eb
          .selectFrom('materials as m')
          .innerJoin('project_units as c', 'c.project_unit_id', 'm.project_unit_id')
          .select(sql<number>`coalesce(sum(m.volume), 0)::float8`.as('v'))
          .whereRef('c.parent_project_unit_id', '=', 's.project_unit_id')
          .as('volume'),
    ])
    .where('s.parent_project_unit_id', '=', rootId)
    .where('s.project_unit_type', '=', 'subproject')
    .execute();
}

/** Whether a material of the structure has no volume or no delivery date. */
export async function hasInvalidMaterial(db: Database, rootId: number): Promise<boolean> {
  const row = await db
    .selectFrom('materials as m')
    .innerJoin('project_units as c', 'c.project_unit_id', 'm.project_unit_id')
    .select('m.material_id')
    .where('c.root_project_unit_id', '=', rootId)
    .where((eb) => eb.or([eb('m.volume', '<=', 0), eb('m.delivery_date', 'is', null)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasProductTypeAssignment(db: Database, unitId: number): Promise<boolean> {
  const row = await db
    .selectFrom('project_unit_product_type_assignments')
    .select('assignment_id')
    .where('project_unit_id', '=', unitId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a lot or drawing job below the root is not done yet (ready for drawing counts as done). */
export async function hasOpenChild(db: Database, rootId: number): Promise<boolean> {
  const open = await db
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('root_project_unit_id', '=', rootId)
    .where('project_unit_id', '!=', rootId)
    .where('project_unit_type', 'in', ['approvallot', 'aacorderlot', 'lintelorderlot', 'drawingjob'])
    .where('state_key', 'not in', [...doneStates, 'CCLReadyForDrawing'])
    .executeTakeFirst();
  return open !== undefined;
}
