import { AppError, fieldError, staleSave } from '../../../shared/errors';
import {
  checkCreateChild,
  checkDeleteUnit,
  earliestDeliveryDate,
  initialStateKey,
  isLintelDeliveryDateValid,
  isOrderLot,
} from '../../../shared/rules/project-units';
import type {
  CreateUnitInput,
  ProjectUnit,
  ProjectUnitDetail,
  UnitAbilities,
  UpdateUnitInput,
} from '../../../shared/schemas/projects';
import { isFeatureOn, type Features } from '../../../shared/rules/features';
import { projectUnitVariants } from '../../../shared/schemas/project-unit';
import {
  accessOf,
  isProjectClosed,
  mayEditUnit,
  mayManageMembers,
  mayEditProjectSite,
  mayOpenInfoSheet,
  mayReadJournal,
  requireAccess,
  ruleContext,
  type ProjectAccess,
} from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { parseListQuery, type ListResource } from '../../platform/list-query';
import type { ListQueryString } from '../../../shared/schemas/list';
import { openTasksForNewUnit } from '../workflow/engine';
import { isoToday, toProjectUnit } from './mappers';
import * as repo from './unit-repository';
import * as members from './member-repository';
import { hasUnitChanges, unitColumns } from './unit-columns';
import { nextChildNo } from './unit-numbers';
import { checkLotMaterials, preliminaryDaysOf, writeLotMaterials } from './material-service';
import type { ServiceContext } from '../../platform/context';
import { infoSheetValidFrom, isInfoSheetValid } from '../questionnaire/service';

async function creationPossible(
  db: Database,
  access: ProjectAccess,
): Promise<{ possible: boolean; sheetValid: boolean }> {
  return creationPossibleWith(access, await isInfoSheetValid(db, access.root.project_unit_id, access.features));
}

function creationPossibleWith(access: ProjectAccess, sheetValid: boolean): { possible: boolean; sheetValid: boolean } {
  const possible =
    !isProjectClosed(access) &&
    isFeatureOn(access.features, 'AllowCreateProjectUnits') &&
    (!isFeatureOn(access.features, 'ProjectInfoSheet') || sheetValid);
  return { possible, sheetValid };
}

async function loadUnit(db: Database, unitId: number): Promise<repo.UnitRow> {
  const row = await repo.findUnit(db, unitId);
  if (!row) throw new AppError('NotFound');
  return row;
}

export async function getUnitDetail(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<ProjectUnitDetail> {
  // One statement reads the access, the path (ending with the unit itself) and the sheet's validity.
  const { path, access: accessRow, sheetValidity } = await repo.findUnitDetail(ctx.db, user.userId, unitId);
  // The read check of requireAccess('project.read'): an unreadable unit is not found.
  const access = accessOf(user, accessRow);
  if (!access) throw new AppError('NotFound');
  const { possible, sheetValid } = creationPossibleWith(access, infoSheetValidFrom(access.features, sheetValidity));
  const row = path.at(-1);
  if (row?.project_unit_id !== unitId) throw new AppError('NotFound');
  const rules = ruleContext(access);
  // Only an order lot's delete decision depends on its items.
  const orderItemCount = isOrderLot(row.project_unit_type) ? await repo.countOrderItems(ctx.db, unitId) : 0;
  const abilities: UnitAbilities = {
    isSalesPlanner: rules.isSalesPlanner,
    isInternal: rules.isInternal,
    rootStateKey: rules.rootStateKey,
    canEdit: mayEditUnit(access),
    delete: isProjectClosed(access)
      ? 'notAllowed'
      : checkDeleteUnit(
          { type: row.project_unit_type, isRoot: row.parent_project_unit_id === null, orderItemCount },
          rules,
        ),
    canCreateChildren: possible,
    infoSheetValid: sheetValid,
    canReadJournal: mayReadJournal(access),
    canOpenInfoSheet: mayOpenInfoSheet(access),
    canManageMembers: mayManageMembers(access),
    canEditSite: mayEditProjectSite(access),
  };
  const deleteFileNames = row.project_unit_type === 'folder' ? await repo.findFileNames(ctx.db, unitId) : [];
  // The details page's path and features come with the unit (the client seeds their queries).
  return {
    ...toProjectUnit(row),
    abilities,
    deleteFileNames,
    path: path.map(toProjectUnit),
    features: access.features,
  };
}

export async function getUnitPath(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<{ data: ProjectUnit[] }> {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const rows = await repo.findUnitPath(ctx.db, unitId);
  return { data: rows.map(toProjectUnit) };
}

const childUnitsResource: ListResource = {
  fields: {
    projectUnitNo: { column: 'u.project_unit_no', type: 'text' },
    title: { column: 'u.title', type: 'text' },
    stateKey: { column: 'u.state_key', type: 'text' },
    projectUnitType: { column: 'u.project_unit_type', type: 'text' },
    deliveryDate: { column: 'u.delivery_date', type: 'date' },
  },
  defaultOrder: [{ field: 'projectUnitNo', direction: 'asc' }],
  tieBreaker: 'u.project_unit_id',
  defaultTop: 25,
  maxTop: 100,
};

export async function listChildUnits(ctx: ServiceContext, user: SessionUser, unitId: number, query: ListQueryString) {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const list = parseListQuery(childUnitsResource, query);
  const { data, count } = await repo.findChildUnits(ctx.db, unitId, list);
  return { data: data.map(toProjectUnit), count };
}

export async function getProjectFeatures(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<{ features: Features }> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  return { features: access.features };
}

export async function checkTitleAvailable(
  ctx: ServiceContext,
  user: SessionUser,
  parentId: number,
  title: string,
  excludeUnitId?: number,
): Promise<{ available: boolean }> {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: parentId });
  if (!title.trim()) return { available: false };
  return { available: !(await repo.titleTaken(ctx.db, parentId, title, excludeUnitId)) };
}

function duplicate(title: string): AppError {
  return new AppError('DuplicateElement', [
    { messageType: 'Error', message: 'PROJECT.Duplicate.Message', reference: title.trim() },
  ]);
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * What a new unit holds is decided by its subproject's variant: a subproject directly below the
 * project takes the kind the planner chose (approval lots, AAC-element or lintel order lots; none
 * given: the project's own); every unit below inherits its parent's.
 */
function variantOfNewUnit(
  parent: { project_unit_type: string; project_unit_type_variant: string | null },
  rootVariant: string | null,
  input: CreateUnitInput,
): string | null {
  if (input.projectUnitType === 'subproject' && parent.project_unit_type === 'project') {
    const chosen = input.projectUnitTypeVariant;
    if (chosen === undefined) return rootVariant;
    if (chosen !== null && !(projectUnitVariants as readonly string[]).includes(chosen))
      throw fieldError('projectUnitTypeVariant', 'ERRORMESSAGES.ValidationFailed');
    return chosen;
  }
  return parent.project_unit_type_variant ?? rootVariant;
}

export async function createUnit(
  ctx: ServiceContext,
  user: SessionUser,
  input: CreateUnitInput,
): Promise<{ projectUnitID: number; rootProjectUnitID: number }> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.create', id: input.parentProjectUnitID });
  const parent = await loadUnit(ctx.db, input.parentProjectUnitID);
  const rootId = access.root.project_unit_id;
  if (input.rootProjectUnitID !== undefined && input.rootProjectUnitID !== rootId)
    throw fieldError('rootProjectUnitID', 'ERRORMESSAGES.ValidationFailed');
  const rules = ruleContext(access);
  const creation = await creationPossible(ctx.db, access);
  if (!creation.possible)
    throw new AppError(
      'NotAllowed',
      creation.sheetValid ? 'PROJECT.Create.NotPossible' : 'PROJECT.Units.InfoSheetInvalid',
    );
  const variant = variantOfNewUnit(parent, access.root.project_unit_type_variant, input);
  const decision = checkCreateChild({ type: parent.project_unit_type, variant }, input.projectUnitType, rules);
  if (decision === 'typeNotAllowedHere') throw fieldError('projectUnitType', 'PROJECT.Create.NoFurtherStructuring');
  if (decision === 'notAllowed') throw new AppError('NotAllowed', 'PROJECT.Create.NotAllowedMessage');
  // A folder may be added by anyone who may edit the unit it goes into.
  if (input.projectUnitType === 'folder' && !mayEditUnit(access))
    throw new AppError('NotAllowed', 'PROJECT.Create.NotAllowedMessage');

  const now = ctx.clock.now();
  const today = isoToday(now);
  const type = input.projectUnitType;
  let deliveryDate: string | null = null;
  let earliest: string | null = null;
  if (type === 'lintelorderlot') {
    if (!isLintelDeliveryDateValid(input.deliveryDate ?? null, today))
      throw fieldError('deliveryDate', 'VALIDATION.MinDateToday');
    deliveryDate = input.deliveryDate ?? null;
  } else if (type === 'aacorderlot') {
    deliveryDate = input.deliveryDate ?? null;
  } else if (type === 'approvallot') {
    // With materials, the check runs in the transaction below, the subproject locked.
    earliest = earliestDeliveryDate(today, await preliminaryDaysOf(ctx.db, parent));
  } else if (input.materials) {
    throw fieldError('materials', 'PROJECT.Materials.OnlyApprovalLots');
  }
  if (await repo.titleTaken(ctx.db, parent.project_unit_id, input.title)) throw duplicate(input.title);

  try {
    const projectUnitID = await ctx.db.transaction().execute(async (trx) => {
      if (type === 'approvallot' && input.materials) {
        // The subproject is locked first, so a parallel save of a sibling lot cannot pass the volume limit with this one.
        await repo.lockSubproject(trx, parent.project_unit_id);
        earliest = await checkLotMaterials(
          { ...ctx, db: trx },
          { ...parent, parentId: parent.project_unit_id, rootId, features: access.features },
          input.materials,
        );
      }
      const id = await repo.insertUnit(trx, {
        tenant_id: parent.tenant_id,
        sales_org_id: parent.sales_org_id,
        root_project_unit_id: rootId,
        parent_project_unit_id: parent.project_unit_id,
        ...unitColumns({ ...input, deliveryDate }),
        project_unit_type_variant: variant,
        project_unit_no: await nextChildNo(trx, parent),
        state_key: initialStateKey(type, access.root.state_key),
        state_since: now,
        earliest_delivery_date: earliest,
        plant_id: parent.plant_id,
        product_type_id: parent.product_type_id,
        created_by: user.userId,
        created_at: now,
        updated_at: now,
      });
      // An approval lot comes with its materials: refused means nothing is created.
      if (input.materials && earliest) await writeLotMaterials(trx, id, input.materials, earliest, now);
      // A unit created after the workflow started gets the tasks of its entry state (e.g. PlaceOrder).
      await openTasksForNewUnit(trx, id, now, user.userId);
      return id;
    });
    return { projectUnitID, rootProjectUnitID: rootId };
  } catch (err) {
    // Two people adding the same title at once: the unique index decides.
    if (isUniqueViolation(err)) throw duplicate(input.title);
    throw err;
  }
}

export async function updateUnit(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  input: UpdateUnitInput,
): Promise<ProjectUnit> {
  await requireAccess(ctx.db, user, { permission: 'unit.edit', id: unitId });
  if (input.projectUnitID !== undefined && input.projectUnitID !== unitId)
    throw fieldError('projectUnitID', 'ERRORMESSAGES.ValidationFailed');
  const unit = await loadUnit(ctx.db, unitId);
  const today = isoToday(ctx.clock.now());
  const newTitle = input.title !== undefined && input.title.trim() !== unit.title ? input.title : undefined;
  if (
    newTitle !== undefined &&
    unit.parent_project_unit_id !== null &&
    (await repo.titleTaken(ctx.db, unit.parent_project_unit_id, newTitle, unitId))
  ) {
    throw duplicate(newTitle);
  }
  // The rule of creating a project holds for renaming it (docs/decisions/015-root-project-titles.md).
  if (
    newTitle !== undefined &&
    unit.parent_project_unit_id === null &&
    (await members.rootTitleTaken(ctx.db, unit.tenant_id, newTitle, unitId))
  ) {
    throw duplicate(newTitle);
  }
  if (
    input.deliveryDate !== undefined &&
    unit.project_unit_type === 'lintelorderlot' &&
    !isLintelDeliveryDateValid(input.deliveryDate, today)
  ) {
    throw fieldError('deliveryDate', 'VALIDATION.MinDateToday');
  }
  const changes = unitColumns({
    title: newTitle,
    notes: input.notes,
    deliveryDate: isOrderLot(unit.project_unit_type) ? input.deliveryDate : undefined,
  });
  const stale = async () => staleSave(toProjectUnit(await loadUnit(ctx.db, unitId)));
  if (input.version !== undefined && input.version !== unit.version) throw await stale();
  if (hasUnitChanges(changes)) {
    try {
      const written = await repo.updateUnitAtVersion(ctx.db, unitId, input.version, {
        ...changes,
        updated_at: ctx.clock.now(),
      });
      if (!written) throw await stale();
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(input.title ?? '');
      throw err;
    }
  }
  return toProjectUnit(await loadUnit(ctx.db, unitId));
}

export async function deleteUnit(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<{ parentProjectUnitID: number | null }> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.delete', id: unitId });
  await repo.deleteUnit(ctx.db, unitId);
  return { parentProjectUnitID: access.unit.parent_project_unit_id };
}
