import { AppError, fieldError, type ErrorMessage } from '../../../shared/errors';
import {
  checkMaterials,
  DEFAULT_PRELIMINARY_DAYS,
  defaultMaterialTypes,
  earliestDeliveryDate,
  MAX_VOLUME,
  totalVolume,
} from '../../../shared/rules/project-units';
import type { ApprovalLotContext, Material } from '../../../shared/schemas/projects';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import { recordMaterialDataChange } from '../workflow/notification-repository';
import { isoToday } from './mappers';
import * as repo from './unit-repository';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import type { Features } from '../../../shared/rules/features';
import { materialsForApprovalLots } from '../questionnaire/service';

export async function preliminaryDaysOf(
  db: Database,
  unit: { plant_id: number | null; product_type_id: number | null },
): Promise<number> {
  return (await repo.findPreliminaryDays(db, unit.plant_id, unit.product_type_id)) ?? DEFAULT_PRELIMINARY_DAYS;
}

export const problemMessage = {
  required: 'VALIDATION.IsRequired',
  min: 'VALIDATION.MinValue',
  maxValueReached: 'VALIDATION.MaxValueReached',
  tooEarly: 'VALIDATION.MinDate',
  invalidDate: 'VALIDATION.InvalidDate',
  duplicate: 'PROJECT.Materials.DuplicateType',
  unknownType: 'VALIDATION.UnknownMaterialType',
} as const;

/** The placeholder of each message's limit: `{{min}}`, `{{max}}`, `{{date}}`. */
export const limitName = {
  required: 'limit',
  min: 'min',
  maxValueReached: 'max',
  tooEarly: 'date',
  invalidDate: 'limit',
  duplicate: 'limit',
  unknownType: 'limit',
} as const;

export async function getMaterials(ctx: ServiceContext, user: SessionUser, unitId: number): Promise<Material[]> {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const rows = await repo.findMaterials(ctx.db, unitId);
  return rows.map((r) => ({ type: r.type, volume: r.volume, deliveryDate: r.delivery_date }));
}

/** What the approval-lot form under a subproject needs to enforce its limits. */
export async function getApprovalLotContext(
  ctx: ServiceContext,
  user: SessionUser,
  parentId: number,
  excludeUnitId?: number,
): Promise<ApprovalLotContext> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: parentId });
  const parent = await repo.findUnit(ctx.db, parentId);
  if (!parent) throw new AppError('NotFound');
  const today = isoToday(ctx.clock.now());
  const preliminaryDays = await preliminaryDaysOf(ctx.db, parent);
  const siblings = await repo.findSiblingMaterials(ctx.db, parentId, excludeUnitId);
  return {
    today,
    preliminaryDays,
    earliestDeliveryDate: earliestDeliveryDate(today, preliminaryDays),
    siblingMaterials: siblings.map((s) => ({ type: s.type, volume: s.volume })),
    materialTypes: await materialTypesOf(ctx.db, access.root.project_unit_id, access.features),
  };
}

/**
 * The material types an approval lot of the project may carry: the information sheet's
 * materials for the material-choice tenant once it is saved, else the tenant's catalogue.
 */
export async function materialTypesOf(db: Database, rootId: number, features: Features): Promise<string[]> {
  return (await materialsForApprovalLots(db, rootId, features)) ?? [...defaultMaterialTypes];
}

/**
 * Checks an approval lot's materials against the volume rules of its subproject's other lots and
 * the tenant's material types; throws the messages of every problem. A delivery date must not be
 * earlier than today plus the preliminary days, unless it was already stored that way (an older
 * lot stays savable as time passes). Returns the earliest delivery date to store.
 */
export async function checkLotMaterials(
  ctx: ServiceContext,
  lot: {
    parentId: number;
    unitId?: number;
    plant_id: number | null;
    product_type_id: number | null;
    /** The project's root and its tenant's features decide the material types. */
    rootId: number;
    features: Features;
  },
  materials: Material[],
  stored: Material[] = [],
): Promise<string> {
  const today = isoToday(ctx.clock.now());
  const earliest = earliestDeliveryDate(today, await preliminaryDaysOf(ctx.db, lot));
  const siblings = await repo.findSiblingMaterials(ctx.db, lot.parentId, lot.unitId);
  const types = await materialTypesOf(ctx.db, lot.rootId, lot.features);
  const { problems, limitReached } = checkMaterials(materials, siblings, earliest, types);
  const relevant = problems.filter(
    (p) =>
      p.problem !== 'tooEarly' ||
      !stored.some((s) => s.type === materials[p.index]?.type && s.deliveryDate === materials[p.index]?.deliveryDate),
  );
  if (relevant.length === 0 && !limitReached) return earliest;
  const messages: ErrorMessage[] = relevant.map((p) => ({
    messageType: 'Error',
    message: problemMessage[p.problem],
    reference: `materials[${p.index}].${p.field}${p.limit !== undefined ? `:${p.limit}` : ''}`,
    ...(p.limit !== undefined ? { params: { [limitName[p.problem]]: p.limit } } : {}),
  }));
  if (limitReached)
    messages.push({
      messageType: 'Error',
      message: 'PROJECT.Materials.LimitReached',
      reference: 'materials',
      params: { max: MAX_VOLUME, total: totalVolume([...siblings, ...materials]) },
    });
  throw new AppError('ValidationFailed', messages);
}

/** Stores an approval lot's materials and its first delivery date, inside the caller's transaction. */
export async function writeLotMaterials(
  trx: Database,
  unitId: number,
  materials: Material[],
  earliest: string,
  now: Date,
): Promise<void> {
  const dates = materials
    .map((m) => m.deliveryDate)
    .filter((d): d is string => d !== null)
    .sort();
  await repo.replaceMaterials(trx, unitId, materials);
  await repo.updateUnit(trx, unitId, {
    delivery_date: dates[0] ?? null,
    earliest_delivery_date: earliest,
    updated_at: now,
  });
}

/**
 * Replaces an approval lot's materials after checking them (see `checkLotMaterials`). The check
 * and the write run in one transaction that first locks the subproject, so two saves of sibling
 * lots cannot pass the volume limit together.
 */
export async function saveMaterials(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  materials: Material[],
): Promise<Material[]> {
  const access = await requireAccess(ctx.db, user, { permission: 'unit.edit', id: unitId });
  const unit = await repo.findUnit(ctx.db, unitId);
  if (!unit) throw new AppError('NotFound');
  const parentId = unit.parent_project_unit_id;
  if (unit.project_unit_type !== 'approvallot' || parentId === null)
    throw fieldError('projectUnitID', 'PROJECT.Materials.OnlyApprovalLots');

  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockSubproject(trx, parentId);
    const stored = (await repo.findMaterials(trx, unitId)).map((r) => ({
      type: r.type,
      volume: r.volume,
      deliveryDate: r.delivery_date,
    }));
    const earliest = await checkLotMaterials(
      { ...ctx, db: trx },
      { ...unit, parentId, unitId, rootId: access.root.project_unit_id, features: access.features },
      materials,
      stored,
    );
    const changed = changedMaterials(
      stored.map((m) => ({ type: m.type, volume: m.volume, delivery_date: m.deliveryDate })),
      materials,
    );
    await writeLotMaterials(trx, unitId, materials, earliest, now);
    await recordMaterialDataChange(trx, {
      tenantId: unit.tenant_id,
      rootId: unit.root_project_unit_id ?? unitId,
      unitId,
      userId: user.userId,
      username: user.login,
      materials: changed,
      now,
    });
  });
  return getMaterials(ctx, user, unitId);
}

/**
 * The new data of a save: materials whose volume or delivery date is new or different, and
 * removed materials with volume 0. Empty when nothing changed (no notification then).
 */
export function changedMaterials(
  stored: { type: string; volume: number; delivery_date: string | null }[],
  next: Material[],
): Material[] {
  const changed = next.filter((m) => {
    const before = stored.find((s) => s.type === m.type);
    return !before || before.volume !== m.volume || before.delivery_date !== m.deliveryDate;
  });
  const removed = stored
    .filter((s) => !next.some((m) => m.type === s.type))
    .map((s) => ({ type: s.type, volume: 0, deliveryDate: null }));
  return [...changed, ...removed];
}
