import { AppError } from '../../../shared/errors';
import {
  productTypeAssignmentInputSchema,
  type ProductTypeAssignmentInput,
  type ProductTypeAssignments,
} from '../../../shared/schemas/product-type-assignment';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import { mayEditProductTypes, requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as repo from './assignment-repository';

/**
 * Product-type assignments and plants of a unit (issue 18): every reader sees them; internal users
 * of the project's tenant add, change and remove them while the project is open. Product types and
 * plants come from the project's tenant; a product type is assigned to a unit once.
 */
export async function listAssignments(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<ProductTypeAssignments> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const rows = await repo.findAssignments(ctx.db, unitId);
  const canEdit = mayEditProductTypes(access);
  const tenantId = access.unit.tenant_id;
  return {
    data: rows.map((r) => ({
      assignmentID: r.assignment_id,
      productTypeID: r.product_type_id,
      productType: textInLanguage(
        r.product_type_by_language,
        user.language,
        r.product_type_tenant_language,
        r.product_type,
      ),
      productTypeBGColor: r.bg_color,
      productTypeTextColor: r.text_color,
      plantID: r.plant_id,
      plant:
        r.plant === null
          ? null
          : textInLanguage(r.plant_by_language, user.language, r.plant_tenant_language ?? '', r.plant),
      orderNumber: r.order_number,
    })),
    canEdit,
    productTypes: canEdit
      ? (await repo.tenantProductTypes(ctx.db, tenantId)).map((p) => ({
          productTypeID: p.product_type_id,
          title: textInLanguage(p.title_by_language, user.language, p.tenant_language, p.title),
        }))
      : [],
    plants: canEdit
      ? (await repo.tenantPlants(ctx.db, tenantId)).map((p) => ({
          plantID: p.plant_id,
          name: textInLanguage(p.name_by_language, user.language, p.tenant_language, p.name),
        }))
      : [],
  };
}

function invalid(reference: string, message: string): AppError {
  return new AppError('ValidationFailed', [{ messageType: 'Error', message, reference }]);
}

async function checkedValues(
  ctx: ServiceContext,
  access: ProjectAccess,
  input: ProductTypeAssignmentInput,
  exceptId?: number,
) {
  const parsed = productTypeAssignmentInputSchema.parse(input);
  const tenantId = access.unit.tenant_id;
  if (!(await repo.productTypeOfTenant(ctx.db, tenantId, parsed.productTypeID)))
    throw invalid('productTypeID', 'VALIDATION.InvalidChoice');
  if (parsed.plantID !== null && !(await repo.plantOfTenant(ctx.db, tenantId, parsed.plantID)))
    throw invalid('plantID', 'VALIDATION.InvalidChoice');
  if (await repo.assignmentOfType(ctx.db, access.unit.project_unit_id, parsed.productTypeID, exceptId))
    throw new AppError('Conflict', [
      { messageType: 'Error', message: 'UNIT.ProductTypes.AlreadyAssigned', reference: 'productTypeID' },
    ]);
  return { product_type_id: parsed.productTypeID, plant_id: parsed.plantID, order_number: parsed.orderNumber };
}

export async function addAssignment(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  input: ProductTypeAssignmentInput,
): Promise<ProductTypeAssignments> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.productTypes', id: unitId });
  await repo.insertAssignment(ctx.db, unitId, await checkedValues(ctx, access, input));
  return listAssignments(ctx, user, unitId);
}

export async function changeAssignment(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  assignmentId: number,
  input: ProductTypeAssignmentInput,
): Promise<ProductTypeAssignments> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.productTypes', id: unitId });
  if (!(await repo.findAssignment(ctx.db, unitId, assignmentId))) throw new AppError('NotFound');
  await repo.updateAssignment(ctx.db, assignmentId, await checkedValues(ctx, access, input, assignmentId));
  return listAssignments(ctx, user, unitId);
}

export async function removeAssignment(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  assignmentId: number,
): Promise<ProductTypeAssignments> {
  await requireAccess(ctx.db, user, { permission: 'unit.productTypes', id: unitId });
  if (!(await repo.findAssignment(ctx.db, unitId, assignmentId))) throw new AppError('NotFound');
  await repo.deleteAssignment(ctx.db, assignmentId);
  return listAssignments(ctx, user, unitId);
}
