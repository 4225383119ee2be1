import { AppError, type ErrorMessage } from '../../../shared/errors';
import {
  checkMaterials,
  defaultMaterialTypes,
  earliestDeliveryDate,
  MAX_VOLUME,
  totalVolume,
  type MaterialEntry,
} from '../../../shared/rules/project-units';
import type { DeliveryData, SaveDeliveryDataInput } from '../../../shared/schemas/delivery';
import type { Material } from '../../../shared/schemas/projects';
import { mayEditDeliveryData, requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { isoToday } from '../projects/mappers';
import {
  changedMaterials,
  limitName,
  preliminaryDaysOf,
  problemMessage,
  writeLotMaterials,
} from '../projects/material-service';
import { journalOnRoot } from '../projects/member-manage-service';
import { recordMaterialDataChange } from '../workflow/notification-repository';
import * as repo from './data-repository';
import { deliveryJournalTexts } from './journal-texts';

type Unit = { plant_id: number | null; product_type_id: number | null };

/** Preliminary days per plant and product type, each looked up once per request. */
function preliminaryDaysLookup(db: Database) {
  const cache = new Map<string, Promise<number>>();
  return (unit: Unit) => {
    const key = `${unit.plant_id}/${unit.product_type_id}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const days = preliminaryDaysOf(db, unit);
    cache.set(key, days);
    return days;
  };
}

async function requireRoot(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  permission: 'project.read' | 'delivery.edit',
) {
  const access = await requireAccess(ctx.db, user, { permission, id: rootId });
  if (access.unit.project_unit_id !== access.root.project_unit_id) throw new AppError('NotFound');
  return access;
}

/** The delivery data structure: subprojects → approval lots → materials, with each lot's earliest date. */
export async function getDeliveryData(ctx: ServiceContext, user: SessionUser, rootId: number): Promise<DeliveryData> {
  const access = await requireRoot(ctx, user, rootId, 'project.read');
  return loadDeliveryData(ctx, access);
}

async function loadDeliveryData(ctx: ServiceContext, access: ProjectAccess): Promise<DeliveryData> {
  const rootId = access.root.project_unit_id;
  const today = isoToday(ctx.clock.now());
  const daysOf = preliminaryDaysLookup(ctx.db);
  const [units, materials] = await Promise.all([
    repo.findStructureUnits(ctx.db, rootId),
    repo.findProjectMaterials(ctx.db, rootId),
  ]);
  const subProjects = [];
  let earliestOfAll: string | null = null;
  let daysOfEarliest = 0;
  for (const sub of units.filter((u) => u.project_unit_type === 'subproject')) {
    const approvalLots = [];
    for (const lot of units.filter(
      (u) => u.project_unit_type === 'approvallot' && u.parent_project_unit_id === sub.project_unit_id,
    )) {
      const days = await daysOf(lot);
      const earliest = earliestDeliveryDate(today, days);
      if (earliestOfAll === null || earliest < earliestOfAll) {
        earliestOfAll = earliest;
        daysOfEarliest = days;
      }
      approvalLots.push({
        projectUnitID: lot.project_unit_id,
        approvalLotTitle: lot.title,
        projectUnitNo: lot.project_unit_no,
        earliestDeliveryDate: earliest,
        materials: materials
          .filter((m) => m.project_unit_id === lot.project_unit_id)
          .map((m) => ({ type: m.type, volume: m.volume, deliveryDate: m.delivery_date })),
      });
    }
    if (approvalLots.length > 0)
      subProjects.push({ subProjectID: sub.project_unit_id, subProjectTitle: sub.title, approvalLots });
  }
  if (earliestOfAll === null) {
    daysOfEarliest = await daysOf(await rootUnit(ctx.db, rootId));
    earliestOfAll = earliestDeliveryDate(today, daysOfEarliest);
  }
  return {
    today,
    earliestDeliveryDate: earliestOfAll,
    preliminaryDays: daysOfEarliest,
    canEdit: mayEditDeliveryData(access),
    subProjects,
  };
}

async function rootUnit(db: Database, rootId: number): Promise<Unit> {
  const [root] = await repo.findRootPlant(db, rootId);
  return root ?? { plant_id: null, product_type_id: null };
}

type StoredMaterial = Awaited<ReturnType<typeof repo.findMaterialsUnder>>[number];

const asEntry = (m: StoredMaterial): MaterialEntry => ({
  type: m.type,
  volume: m.volume,
  deliveryDate: m.delivery_date,
});

/**
 * The delivery data structure post: new volumes and dates of the changed approval lots. Every rule
 * is checked again here with the subprojects locked, so two planners saving at once cannot pass
 * 350 m³ together; one notification per changed material and one journal line on the project.
 */
export async function saveDeliveryData(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  input: SaveDeliveryDataInput,
): Promise<DeliveryData> {
  const access = await requireRoot(ctx, user, rootId, 'delivery.edit');
  const ids = input.approvalLots.map((l) => l.projectUnitID);
  if (new Set(ids).size !== ids.length) throw new AppError('ValidationFailed', 'DELIVERY.Data.DuplicateLot');
  const today = isoToday(ctx.clock.now());
  const now = ctx.clock.now();

  await ctx.db.transaction().execute(async (trx) => {
    const lots = await repo.findApprovalLots(trx, rootId, ids);
    if (lots.length !== ids.length) throw new AppError('NotFound');
    const parentIds = [...new Set(lots.map((l) => l.parent_project_unit_id ?? 0))].sort((a, b) => a - b);
    await repo.lockSubprojects(trx, parentIds);
    const stored = await repo.findMaterialsUnder(trx, parentIds);
    const daysOf = preliminaryDaysLookup(trx);

    const messages: ErrorMessage[] = [];
    const overLimit = new Set<number>();
    const earliestOf = new Map<number, string>();
    for (const [i, entry] of input.approvalLots.entries()) {
      const lot = lots.find((l) => l.project_unit_id === entry.projectUnitID);
      if (!lot) throw new AppError('NotFound');
      const parent = lot.parent_project_unit_id;
      // The subproject's other lots as they will be after this save.
      const siblings = [
        ...stored.filter((m) => m.parent_project_unit_id === parent && !ids.includes(m.project_unit_id)).map(asEntry),
        ...input.approvalLots
          .filter((o) => o.projectUnitID !== entry.projectUnitID)
          .filter((o) => lots.find((l) => l.project_unit_id === o.projectUnitID)?.parent_project_unit_id === parent)
          .flatMap((o) => o.materials),
      ];
      const earliest = earliestDeliveryDate(today, await daysOf(lot));
      earliestOf.set(lot.project_unit_id, earliest);
      const before = stored.filter((m) => m.project_unit_id === lot.project_unit_id);
      const { problems, limitReached } = checkMaterials(entry.materials, siblings, earliest, defaultMaterialTypes);
      for (const p of problems) {
        const m = entry.materials[p.index];
        // A date stored earlier stays savable as time passes (the same rule as the approval-lot form).
        if (p.problem === 'tooEarly' && before.some((s) => s.type === m?.type && s.delivery_date === m?.deliveryDate))
          continue;
        messages.push({
          messageType: 'Error',
          message: problemMessage[p.problem],
          reference: `approvalLots[${i}].materials[${p.index}].${p.field}`,
          ...(p.limit !== undefined ? { params: { [limitName[p.problem]]: p.limit } } : {}),
        });
      }
      if (limitReached && parent !== null && !overLimit.has(parent)) {
        overLimit.add(parent);
        messages.push({
          messageType: 'Error',
          message: 'PROJECT.Materials.LimitReached',
          reference: `subProjects.${parent}`,
          params: { max: MAX_VOLUME, total: totalVolume([...siblings, ...entry.materials]) },
        });
      }
    }
    if (messages.length > 0) throw new AppError('ValidationFailed', messages);

    const journal: string[] = [];
    for (const entry of input.approvalLots) {
      const lot = lots.find((l) => l.project_unit_id === entry.projectUnitID);
      if (!lot) continue;
      const before = stored.filter((m) => m.project_unit_id === lot.project_unit_id);
      const changed = changedMaterials(before, entry.materials);
      if (changed.length === 0) continue;
      await writeLotMaterials(
        trx,
        lot.project_unit_id,
        entry.materials,
        earliestOf.get(lot.project_unit_id) ?? today,
        now,
      );
      for (const material of changed) {
        await recordMaterialDataChange(trx, {
          tenantId: lot.tenant_id,
          rootId,
          unitId: lot.project_unit_id,
          userId: user.userId,
          username: user.login,
          materials: [material],
          now,
        });
        journal.push(describe(lot.title, material));
      }
    }
    if (journal.length > 0)
      await journalOnRoot(
        trx,
        access.root,
        user,
        now,
        deliveryJournalTexts(user.language).dataChanged(journal.join('; ')),
      );
  });
  return loadDeliveryData(ctx, access);
}

function describe(lotTitle: string, m: Material): string {
  return `${lotTitle} ${m.type} ${m.volume} m³ ${m.deliveryDate ?? '–'}`;
}
