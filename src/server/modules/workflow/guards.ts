import { sql } from 'kysely';
import { doneStates, type GuardName } from '../../../shared/rules/workflow';
import { MAX_VOLUME } from '../../../shared/rules/project-units';
import type { Database } from '../../platform/db/database';
import type { LockedUnit } from './repository';

export type GuardContext = {
  trx: Database;
  unit: LockedUnit;
  features: Record<string, unknown>;
};

export type Guard = (ctx: GuardContext) => Promise<boolean>;

/** A structure with subprojects, each with at least one child, valid materials and ≤ 350 m³. */
const structureValid: Guard = async (ctx) => {
  const { trx, unit } = ctx;
  const subs = await trx
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
    .where('s.parent_project_unit_id', '=', unit.project_unit_id)
    .where('s.project_unit_type', '=', 'subproject')
    .execute();
  if (subs.length === 0) return false;
  if (subs.some((s) => (s.children ?? 0) === 0 || (s.volume ?? 0) > MAX_VOLUME)) return false;
  const badMaterial = await trx
    .selectFrom('materials as m')
    .innerJoin('project_units as c', 'c.project_unit_id', 'm.project_unit_id')
    .select('m.material_id')
    .where('c.root_project_unit_id', '=', unit.project_unit_id)
    .where((eb) => eb.or([eb('m.volume', '<=', 0), eb('m.delivery_date', 'is', null)]))
    .executeTakeFirst();
  if (badMaterial) return false;
  return true;
};

const productTypeAssignmentsExist: Guard = async ({ trx, unit }) => {
  const row = await trx
    .selectFrom('project_unit_product_type_assignments')
    .select('assignment_id')
    .where('project_unit_id', '=', unit.project_unit_id)
    .executeTakeFirst();
  return row !== undefined;
};

const allChildrenDone: Guard = async ({ trx, unit }) => {
  const open = await trx
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('root_project_unit_id', '=', unit.project_unit_id)
    .where('project_unit_id', '!=', unit.project_unit_id)
    .where('project_unit_type', 'in', ['approvallot', 'aacorderlot', 'lintelorderlot', 'drawingjob'])
    .where('state_key', 'not in', [...doneStates, 'CCLReadyForDrawing'])
    .executeTakeFirst();
  return open === undefined;
};

/**
 * The guards the workflow module itself provides; the others come from the module that owns the
 * data (`orderItemsComplete` from orders). `buildApp` assembles the full record.
 */
export const workflowGuards = {
  structureValid,
  productTypeAssignmentsExist,
  bimProject: async ({ unit }) => unit.is_bim,
  notBimProject: async ({ unit }) => !unit.is_bim,
  allChildrenDone,
} satisfies Partial<Record<GuardName, Guard>>;
