import type { GuardName } from '../../../shared/rules/workflow';
import { MAX_VOLUME } from '../../../shared/rules/project-units';
import type { Database } from '../../platform/db/database';
import * as repo from './guard-repository';
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
  const subs = await repo.findSubprojectSizes(trx, unit.project_unit_id);
  if (subs.length === 0) return false;
  if (subs.some((s) => (s.children ?? 0) === 0 || (s.volume ?? 0) > MAX_VOLUME)) return false;
  return !(await repo.hasInvalidMaterial(trx, unit.project_unit_id));
};

const productTypeAssignmentsExist: Guard = ({ trx, unit }) => repo.hasProductTypeAssignment(trx, unit.project_unit_id);

const allChildrenDone: Guard = async ({ trx, unit }) => !(await repo.hasOpenChild(trx, unit.project_unit_id));

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
