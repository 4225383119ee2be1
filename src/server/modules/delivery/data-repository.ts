import type { Database } from '../../platform/db/database';

/** Subprojects and approval lots of a project, in unit-number order (the delivery data structure). */
export function findStructureUnits(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select([
      'project_unit_id',
      'parent_project_unit_id',
      'project_unit_type',
      'project_unit_no',
      'title',
      'plant_id',
      'product_type_id',
    ])
    .where('root_project_unit_id', '=', rootId)
    .where('project_unit_type', 'in', ['subproject', 'approvallot'])
    .orderBy('project_unit_no')
    .orderBy('project_unit_id')
    .execute();
}

/** The materials of every approval lot of a project. */
export function findProjectMaterials(db: Database, rootId: number) {
  return db
    .selectFrom('materials as m')
    .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
    .select(['m.project_unit_id', 'm.type', 'm.volume', 'm.delivery_date'])
    .where('u.root_project_unit_id', '=', rootId)
    .where('u.project_unit_type', '=', 'approvallot')
    .orderBy('m.material_id')
    .execute();
}

/** The given approval lots of a project (ids of other projects or types are left out). */
export function findApprovalLots(trx: Database, rootId: number, ids: number[]) {
  return trx
    .selectFrom('project_units')
    .select(['project_unit_id', 'parent_project_unit_id', 'title', 'tenant_id', 'plant_id', 'product_type_id'])
    .where('root_project_unit_id', '=', rootId)
    .where('project_unit_type', '=', 'approvallot')
    .where('project_unit_id', 'in', ids)
    .execute();
}

/**
 * Locks the subprojects (in id order, so two savers never deadlock) until the transaction ends:
 * the 350 m³ check of a second planner waits for the first one's materials.
 */
export async function lockSubprojects(trx: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('project_unit_id', 'in', ids)
    .orderBy('project_unit_id')
    .forUpdate()
    .execute();
}

/** The materials of all approval lots under the given subprojects, read after the lock. */
export function findMaterialsUnder(trx: Database, parentIds: number[]) {
  return trx
    .selectFrom('materials as m')
    .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
    .select(['m.project_unit_id', 'u.parent_project_unit_id', 'm.type', 'm.volume', 'm.delivery_date'])
    .where('u.parent_project_unit_id', 'in', parentIds)
    .where('u.project_unit_type', '=', 'approvallot')
    .orderBy('m.material_id')
    .execute();
}

/** The root's plant and product type (the preliminary days of a project without approval lots). */
export function findRootPlant(db: Database, rootId: number) {
  return db
    .selectFrom('project_units')
    .select(['plant_id', 'product_type_id'])
    .where('project_unit_id', '=', rootId)
    .execute();
}
