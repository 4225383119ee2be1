import { AppError, type ErrorMessage } from '../../../shared/errors';
import { checkCreateChild, earliestDeliveryDate, MAX_VOLUME } from '../../../shared/rules/project-units';
import {
  checkStructure,
  fromDeliveryStructure,
  structureProblemToMessage,
  type StructureProblem,
} from '../../../shared/rules/structure';
import type {
  CreateProjectStructureResponse,
  DeliveryStructure,
  IfcStructure,
  IfcStructurePhase,
  Structure,
  StructureDraftResponse,
} from '../../../shared/schemas/structure';
import { requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { runIfcStructure } from '../../platform/ifc/structure-runner';
import { withLocalFile, workerTempDir } from '../../platform/storage/local-file';
import { StorageKeyNotFound } from '../../platform/storage/storage';
import { conversionsOf } from '../conversions/state';
import { finishStructuring } from '../workflow/service';
import { isoToday } from './mappers';
import type { Features } from '../../../shared/rules/features';
import { materialTypesOf, preliminaryDaysOf, writeLotMaterials } from './material-service';
import * as structureRepo from './structure-repository';
import * as repo from './unit-repository';
import { nextChildNo } from './unit-numbers';

/**
 * The structure editor (spec §2, §4, §5): the server-side draft, create-project-structure with
 * Structuring-finished in one transaction, and the structure of an IFC model of the project.
 */

async function loadRoot(db: Database, access: ProjectAccess): Promise<repo.UnitRow> {
  if (access.unit.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  const root = await repo.findUnit(db, access.root.project_unit_id);
  if (!root) throw new AppError('NotFound');
  return root;
}

async function editorContext(ctx: ServiceContext, root: repo.UnitRow, features: Features) {
  const today = isoToday(ctx.clock.now());
  const preliminaryDays = await preliminaryDaysOf(ctx.db, root);
  return {
    preliminaryDays,
    earliestDeliveryDate: earliestDeliveryDate(today, preliminaryDays),
    materialTypes: await materialTypesOf(ctx.db, root.project_unit_id, features),
  };
}

/** Whether the user may save and finish, without throwing (the editor shows read-only otherwise). */
async function mayEditStructure(ctx: ServiceContext, user: SessionUser, rootId: number): Promise<boolean> {
  try {
    await requireAccess(ctx.db, user, { permission: 'structure.edit', id: rootId });
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NotAllowed') return false;
    throw err;
  }
}

export async function getStructureDraft(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
): Promise<StructureDraftResponse> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: rootId });
  const root = await loadRoot(ctx.db, access);
  const draft = await structureRepo.findDraft(ctx.db, rootId);
  const savedBy = draft ? [draft.first_name, draft.last_name].filter(Boolean).join(' ') || draft.login : null;
  return {
    structure: draft?.content ?? null,
    savedOn: draft ? new Date(draft.saved_at).toISOString() : null,
    savedByName: savedBy ?? null,
    ...(await editorContext(ctx, root, access.features)),
    stateKey: root.state_key,
    canEdit: await mayEditStructure(ctx, user, rootId),
    existingSubprojects: await structureRepo.findExistingSubprojects(ctx.db, rootId),
  };
}

/** Refuses a structure with the messages of its problems: duplicates as DuplicateElement (the inform dialog). */
function refuse(problems: StructureProblem[]): never {
  const toMessage = (p: StructureProblem): ErrorMessage => ({ messageType: 'Error', ...structureProblemToMessage(p) });
  const duplicates = problems.filter((p) => p.kind === 'duplicateSubproject' || p.kind === 'duplicateApprovalLot');
  if (duplicates.length > 0) throw new AppError('DuplicateElement', duplicates.map(toMessage));
  throw new AppError('ValidationFailed', problems.map(toMessage));
}

async function checkOrRefuse(
  ctx: ServiceContext,
  root: repo.UnitRow,
  features: Features,
  structure: Structure,
): Promise<void> {
  const { earliestDeliveryDate: earliest, materialTypes } = await editorContext(ctx, root, features);
  const existing = await structureRepo.findSubprojectTitles(ctx.db, root.project_unit_id);
  const problems = checkStructure(structure, earliest, materialTypes, existing);
  if (problems.length > 0) refuse(problems);
}

/**
 * What a subproject already in the project lacks before structuring can finish, one message per
 * unit naming it (id, number, title) so the editor can link it.
 */
export function existingSubprojectProblems(
  subs: Awaited<ReturnType<typeof structureRepo.findExistingSubprojects>>,
): ErrorMessage[] {
  const messages: ErrorMessage[] = [];
  for (const sub of subs) {
    const params = { unitId: sub.projectUnitID, unitNo: sub.projectUnitNo, title: sub.title };
    if (sub.children === 0)
      messages.push({
        messageType: 'Error',
        message: sub.projectUnitTypeVariant
          ? 'STRUCTURE.Errors.UnitWithoutOrderLot'
          : 'STRUCTURE.Errors.UnitWithoutLot',
        reference: sub.projectUnitNo,
        params,
      });
    else if (sub.volume > MAX_VOLUME)
      messages.push({
        messageType: 'Error',
        message: 'STRUCTURE.Errors.UnitTooLarge',
        reference: sub.projectUnitNo,
        params: { ...params, max: MAX_VOLUME },
      });
  }
  return messages;
}

/** Save: the structure as the project's draft, checked by the same rules as finishing. */
export async function saveStructureDraft(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  structure: Structure,
): Promise<StructureDraftResponse> {
  const access = await requireAccess(ctx.db, user, { permission: 'structure.edit', id: rootId });
  const root = await loadRoot(ctx.db, access);
  await checkOrRefuse(ctx, root, access.features, structure);
  await structureRepo.upsertDraft(ctx.db, {
    rootId,
    tenantId: root.tenant_id,
    structure,
    userId: user.userId,
    now: ctx.clock.now(),
  });
  return getStructureDraft(ctx, user, rootId);
}

/**
 * Structuring-finished: creates the subprojects, approval lots and materials and moves the root
 * on, in one transaction with the workflow action; the draft goes with it. Any refusal (rules,
 * guard, a title taken meanwhile) leaves nothing behind.
 */
export async function createProjectStructure(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  delivery: DeliveryStructure,
): Promise<CreateProjectStructureResponse> {
  const access = await requireAccess(ctx.db, user, { permission: 'structure.edit', id: rootId });
  const root = await loadRoot(ctx.db, access);
  const structure = fromDeliveryStructure(delivery);
  await checkOrRefuse(ctx, root, access.features, structure);
  const variant = root.project_unit_type_variant;
  if (
    checkCreateChild({ type: 'subproject', variant }, 'approvallot', {
      isSalesPlanner: true,
      rootStateKey: 'Structuring',
    }) !== 'allowed'
  )
    throw new AppError('ValidationFailed', 'PROJECT.Create.NoFurtherStructuring');

  const unitProblems = existingSubprojectProblems(await structureRepo.findExistingSubprojects(ctx.db, rootId));
  if (unitProblems.length > 0) throw new AppError('ValidationFailed', unitProblems);

  const now = ctx.clock.now();
  const { earliestDeliveryDate: earliest } = await editorContext(ctx, root, access.features);
  let lots = 0;
  try {
    const applied = await finishStructuring(ctx, user, access, async (trx) => {
      for (const sub of delivery) {
        const subNo = await nextChildNo(trx, root);
        const subId = await repo.insertUnit(trx, {
          ...unitValues(root, user, now),
          parent_project_unit_id: root.project_unit_id,
          project_unit_type: 'subproject',
          title: sub.subProjectTitle.trim(),
          project_unit_no: subNo,
        });
        const parent = { project_unit_id: subId, project_unit_no: subNo, tenant_id: root.tenant_id };
        for (const lot of sub.approvalLots) {
          const lotId = await repo.insertUnit(trx, {
            ...unitValues(root, user, now),
            parent_project_unit_id: subId,
            project_unit_type: 'approvallot',
            title: lot.approvalLotTitle.trim(),
            project_unit_no: await nextChildNo(trx, parent),
            earliest_delivery_date: earliest,
          });
          await writeLotMaterials(trx, lotId, lot.materials, earliest, now);
          lots++;
        }
      }
      await structureRepo.deleteDraft(trx, root.project_unit_id);
    });
    return {
      rootProjectUnitID: applied.rootId,
      stateKey: applied.newState,
      subprojects: delivery.length,
      approvalLots: lots,
    };
  } catch (err) {
    // Two people adding the same title at once: the unique index decides, nothing was created.
    if (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505')
      throw new AppError('DuplicateElement', [
        { messageType: 'Error', message: 'STRUCTURE.Errors.DuplicateSubproject' },
      ]);
    throw err;
  }
}

function unitValues(root: repo.UnitRow, user: SessionUser, now: Date) {
  return {
    tenant_id: root.tenant_id,
    sales_org_id: root.sales_org_id,
    root_project_unit_id: root.project_unit_id,
    project_unit_type_variant: null,
    state_key: 'Structuring' as const,
    state_since: now,
    plant_id: root.plant_id,
    product_type_id: root.product_type_id,
    created_by: user.userId,
    created_at: now,
    updated_at: now,
  };
}

/** Models larger than this are not read into memory for the structure. */
export const MAX_IFC_STRUCTURE_BYTES = 200 * 1024 * 1024;

const ifcRefusal = {
  notIfc: ['ValidationFailed', 'STRUCTURE.Ifc.NotIfc'],
  broken: ['ValidationFailed', 'STRUCTURE.Ifc.Broken'],
  timeout: ['PayloadTooLarge', 'STRUCTURE.Ifc.TooComplex'],
  memory: ['PayloadTooLarge', 'STRUCTURE.Ifc.TooComplex'],
} as const;

/** `GET /api/file/{rootId}/{fileKey}/ifcstructure`: the structure of an IFC file of the project, parsed in a worker. */
export async function getIfcStructure(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  fileId: number,
): Promise<IfcStructure> {
  return readIfcStructure(ctx, await findIfcModel(ctx, user, rootId, fileId));
}

type IfcModel = { rootId: number; fileId: number; storageKey: string };

/** The model whose structure is asked for, after the access check and every refusal that needs no reading. */
export async function findIfcModel(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  fileId: number,
): Promise<IfcModel> {
  const access = await requireAccess(ctx.db, user, { permission: 'file.read', id: rootId });
  await loadRoot(ctx.db, access);
  const file = await structureRepo.findProjectFileVersion(ctx.db, rootId, fileId);
  if (!file) throw new AppError('NotFound');
  if (!file.name.toLowerCase().endsWith('.ifc')) throw new AppError('ValidationFailed', 'STRUCTURE.Ifc.NotIfc');
  if (Number(file.size) > MAX_IFC_STRUCTURE_BYTES) throw new AppError('PayloadTooLarge', 'STRUCTURE.Ifc.TooComplex');
  // A model the converter already refused as too large or unreadable is not opened again.
  const conversion = (await conversionsOf(ctx, [file.project_file_version_id])).get(file.project_file_version_id);
  if (conversion?.status === 'failed' && conversion.reason === 'VIEWER.Conversion.Failed.TooLarge') {
    throw new AppError('PayloadTooLarge', conversion.reason);
  }
  if (conversion?.status === 'failed' && conversion.reason === 'VIEWER.Conversion.Failed.Unreadable') {
    throw new AppError('Unprocessable', conversion.reason);
  }
  return { rootId, fileId, storageKey: file.storage_key };
}

/** The structure of a found model, read in the worker; `onPhase` hears each step as it is reached. */
export async function readIfcStructure(
  ctx: ServiceContext,
  { rootId, fileId, storageKey }: IfcModel,
  onPhase?: (phase: IfcStructurePhase) => void,
): Promise<IfcStructure> {
  // The worker reads the file itself; the model never passes through this thread's memory.
  const result = await withLocalFile(ctx.storage, storageKey, workerTempDir(ctx.config.dataDir), (path) =>
    runIfcStructure(path, undefined, onPhase),
  ).catch((err: unknown) => {
    if (err instanceof StorageKeyNotFound) throw new AppError('NotFound');
    throw err;
  });
  if (!result.ok) {
    const [code, message] = ifcRefusal[result.reason];
    ctx.log.warn({ rootId, fileId, reason: result.reason }, 'IFC structure refused');
    throw new AppError(code, message);
  }
  if (result.structure.subProjects.length === 0) throw new AppError('ValidationFailed', 'STRUCTURE.Ifc.NoStructure');
  return result.structure;
}
