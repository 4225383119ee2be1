import type { Database } from '../../platform/db/database';
import { tenantLanguageOf } from '../../platform/db/tenant-language';

/** The product-type assignments of a unit with product type and plant, in the order they were made. */
export function findAssignments(db: Database, unitId: number) {
  return db
    .selectFrom('project_unit_product_type_assignments as a')
    .innerJoin('product_types as pt', 'pt.product_type_id', 'a.product_type_id')
    .leftJoin('plants as pl', 'pl.plant_id', 'a.plant_id')
    .select([
      'a.assignment_id',
      'a.product_type_id',
      'pt.title as product_type',
      'pt.title_by_language as product_type_by_language',
      tenantLanguageOf('pt.tenant_id').as('product_type_tenant_language'),
      'pt.bg_color',
      'pt.text_color',
      'a.plant_id',
      'pl.name as plant',
      'pl.name_by_language as plant_by_language',
      tenantLanguageOf('pl.tenant_id').as('plant_tenant_language'),
      'a.order_number',
    ])
    .where('a.project_unit_id', '=', unitId)
    .orderBy('a.assignment_id')
    .execute();
}

export function findAssignment(db: Database, unitId: number, assignmentId: number) {
  return db
    .selectFrom('project_unit_product_type_assignments')
    .select(['assignment_id', 'product_type_id'])
    .where('project_unit_id', '=', unitId)
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
}

export function tenantProductTypes(db: Database, tenantId: number) {
  return db
    .selectFrom('product_types')
    .select([
      'product_type_id',
      'title',
      'title_by_language',
      tenantLanguageOf('product_types.tenant_id').as('tenant_language'),
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('title')
    .execute();
}

export function tenantPlants(db: Database, tenantId: number) {
  return db
    .selectFrom('plants')
    .select(['plant_id', 'name', 'name_by_language', tenantLanguageOf('plants.tenant_id').as('tenant_language')])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .execute();
}

export async function productTypeOfTenant(db: Database, tenantId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('product_types')
    .select('product_type_id')
    .where('tenant_id', '=', tenantId)
    .where('product_type_id', '=', id)
    .executeTakeFirst();
  return !!row;
}

export async function plantOfTenant(db: Database, tenantId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('plants')
    .select('plant_id')
    .where('tenant_id', '=', tenantId)
    .where('plant_id', '=', id)
    .executeTakeFirst();
  return !!row;
}

/** The unit's assignment of this product type other than `exceptId`, if any. */
export async function assignmentOfType(db: Database, unitId: number, productTypeId: number, exceptId?: number) {
  let q = db
    .selectFrom('project_unit_product_type_assignments')
    .select('assignment_id')
    .where('project_unit_id', '=', unitId)
    .where('product_type_id', '=', productTypeId);
  if (exceptId !== undefined) q = q.where('assignment_id', '<>', exceptId);
  return q.executeTakeFirst();
}

type Values = { product_type_id: number; plant_id: number | null; order_number: string | null };

export function insertAssignment(db: Database, unitId: number, values: Values) {
  return db
    .insertInto('project_unit_product_type_assignments')
    .values({ project_unit_id: unitId, ...values })
    .returning('assignment_id')
    .executeTakeFirstOrThrow();
}

export function updateAssignment(db: Database, assignmentId: number, values: Values) {
  return db
    .updateTable('project_unit_product_type_assignments')
    .set(values)
    .where('assignment_id', '=', assignmentId)
    .execute();
}

export function deleteAssignment(db: Database, assignmentId: number) {
  return db.deleteFrom('project_unit_product_type_assignments').where('assignment_id', '=', assignmentId).execute();
}
