import type { ProjectUnitType, StateKey } from '../schemas/project-unit';

/**
 * Creation, deletion and approval-lot rules for project units
 * (spec/admin-profile-orders.md §4 and §5, spec/projects-workflows.md §4 and §5).
 * Used by the client for instant feedback and by the server as the authority.
 */

export type Variant = string | null | undefined;

/** Who is acting on which project: the facts the rules depend on. */
export type UnitRuleContext = {
  /** The acting user holds the member role salesPlanner on the root project. */
  isSalesPlanner: boolean;
  /** stateKey of the root project unit. */
  rootStateKey: string;
  /** An internal user (or admin) of the project's tenant. */
  isInternal?: boolean;
};

/** Child types a unit of this type and variant may hold; empty means "no further structuring". */
export function allowedChildTypes(parentType: string, variant: Variant): ProjectUnitType[] {
  // Folders organise files under a project, a subproject or an approval lot (DESIGN.md §3).
  if (parentType === 'project') return ['subproject', 'folder'];
  if (parentType === 'approvallot') return ['drawingjob', 'folder'];
  if (parentType !== 'subproject') return [];
  // An AAC-element or lintel subproject takes no files (rules/files.ts), so a folder there could never hold one.
  if (variant === 'aac_elements') return ['aacorderlot'];
  if (variant === 'lintel') return ['lintelorderlot'];
  return ['approvallot', 'folder'];
}

/** Whether the user may create a unit of this type (independent of the parent). */
export function canCreateType(type: string, ctx: UnitRuleContext): boolean {
  // A drawing job is the tenant's own work package: internal users only, in any state.
  if (type === 'drawingjob') return ctx.isInternal === true;
  if (ctx.isSalesPlanner) return true;
  if (type === 'project') return false;
  if (type === 'folder') return true;
  return ctx.rootStateKey === 'Structuring';
}

/** The decision for a new child: allowed, a type the parent cannot hold, or not allowed for this user. */
export function checkCreateChild(
  parent: { type: string; variant: Variant },
  type: string,
  ctx: UnitRuleContext,
): 'allowed' | 'typeNotAllowedHere' | 'notAllowed' {
  if (!(allowedChildTypes(parent.type, parent.variant) as string[]).includes(type)) return 'typeNotAllowedHere';
  return canCreateType(type, ctx) ? 'allowed' : 'notAllowed';
}

export type DeleteDecision = 'allowed' | 'notAllowed' | 'deleteItemsFirst';

/**
 * Deletion: never the root project; a sales planner may delete any other unit; otherwise a
 * project never, a folder always, anything else only while the root is Structuring. An order
 * lot that still holds items must be emptied first.
 */
export function checkDeleteUnit(
  unit: { type: string; isRoot: boolean; orderItemCount: number },
  ctx: UnitRuleContext,
): DeleteDecision {
  if (unit.isRoot) return 'notAllowed';
  const permitted =
    ctx.isSalesPlanner || (unit.type !== 'project' && (unit.type === 'folder' || ctx.rootStateKey === 'Structuring'));
  if (!permitted) return 'notAllowed';
  if (isOrderLot(unit.type) && unit.orderItemCount > 0) return 'deleteItemsFirst';
  return 'allowed';
}

/**
 * Editing unit data follows the creation rule for the unit's type; internal users and
 * sales planners may always edit (DESIGN.md §2 leaves the write rule to the spec's rules).
 */
export function canEditUnit(type: string, ctx: UnitRuleContext & { isInternal: boolean }): boolean {
  return ctx.isInternal || canCreateType(type, ctx);
}

export function isOrderLot(type: string): boolean {
  return type === 'aacorderlot' || type === 'lintelorderlot';
}

/** Titles compare case-insensitively and without surrounding blanks. */
export function normaliseTitle(title: string): string {
  return title.trim().toLowerCase();
}

const earlyRootStates: readonly StateKey[] = ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract'];

/**
 * The state a new unit starts in: the root's state while the project is being set up;
 * afterwards approval lots provide files, order lots wait for the order, drawing jobs for data.
 */
export function initialStateKey(type: string, rootStateKey: StateKey): StateKey {
  if (type === 'drawingjob') return 'CheckDataMissing';
  if (earlyRootStates.includes(rootStateKey)) return rootStateKey;
  if (type === 'approvallot') return 'ProvideFiles';
  if (isOrderLot(type)) return 'PlaceOrder';
  return rootStateKey;
}

/** A Closed or Archived project is read-only for everyone. */
export function isClosedRootState(rootStateKey: string): boolean {
  return rootStateKey === 'Closed' || rootStateKey === 'Archived';
}

// ---- Approval lots: materials and volumes -------------------------------------------------

export const MAX_VOLUME = 350;

export type MaterialEntry = { type: string; volume: number; deliveryDate: string | null };

/**
 * What one material of an approval lot may still hold: 350 m³ minus the sibling approval lots'
 * volume of the same material, and never more than the subproject has left in total (350 m³
 * minus every sibling volume and the lot's other materials).
 */
export function availableVolume(
  materialType: string,
  siblingMaterials: { type: string; volume: number }[],
  otherRowsOfLot: { volume: number }[] = [],
): number {
  const sameType = siblingMaterials.filter((m) => m.type === materialType).reduce((sum, m) => sum + m.volume, 0);
  const subprojectLeft = MAX_VOLUME - totalVolume(siblingMaterials) - totalVolume(otherRowsOfLot);
  return Math.max(0, round2(Math.min(MAX_VOLUME - sameType, subprojectLeft)));
}

/** What the subproject has left of its 350 m³ after the sibling lots and the given rows. */
export function remainingSubprojectVolume(siblingMaterials: { volume: number }[], rows: { volume: number }[]): number {
  return round2(MAX_VOLUME - totalVolume(siblingMaterials) - totalVolume(rows));
}

/**
 * The LimitReached rule of a subproject (spec §5): its materials together hold more than 350 m³.
 * One rule for the delivery data dialog, the approval-lot form and the structure editor.
 */
export function exceedsVolumeLimit(materials: { volume: number }[]): boolean {
  return totalVolume(materials) > MAX_VOLUME;
}

/** Sum of all volumes, rounded to two decimals. */
export function totalVolume(materials: { volume: number }[]): number {
  return round2(materials.reduce((sum, m) => sum + m.volume, 0));
}

export type MaterialProblem = {
  index: number;
  field: 'type' | 'volume' | 'deliveryDate';
  problem: 'required' | 'min' | 'maxValueReached' | 'tooEarly' | 'invalidDate' | 'duplicate' | 'unknownType';
  /** The maximum for maxValueReached, the earliest date for tooEarly. */
  limit?: number | string;
};

/**
 * Checks an approval lot's materials against the volume rules: each volume 0–350 and at most the
 * available volume; every material needs a delivery date not before the earliest date; a type
 * appears once; the subproject's total (siblings plus this lot) stays within 350 m³.
 */
export function checkMaterials(
  materials: MaterialEntry[],
  siblingMaterials: { type: string; volume: number }[],
  earliestDate: string | null,
  materialTypes?: readonly string[],
): { problems: MaterialProblem[]; limitReached: boolean } {
  const problems: MaterialProblem[] = [];
  const seen = new Set<string>();
  const volumeOf = (m: MaterialEntry) => ({ volume: Number.isFinite(m.volume) ? m.volume : 0 });
  materials.forEach((m, index) => {
    if (!m.type.trim()) problems.push({ index, field: 'type', problem: 'required' });
    else if (materialTypes && !materialTypes.includes(m.type))
      problems.push({ index, field: 'type', problem: 'unknownType' });
    else if (seen.has(m.type)) problems.push({ index, field: 'type', problem: 'duplicate' });
    seen.add(m.type);
    const others = materials.filter((_, i) => i !== index).map(volumeOf);
    const max = availableVolume(m.type, siblingMaterials, others);
    if (!Number.isFinite(m.volume)) problems.push({ index, field: 'volume', problem: 'required' });
    else if (m.volume < 0) problems.push({ index, field: 'volume', problem: 'min', limit: 0 });
    else if (m.volume > max) problems.push({ index, field: 'volume', problem: 'maxValueReached', limit: max });
    if (!m.deliveryDate) problems.push({ index, field: 'deliveryDate', problem: 'required' });
    else if (!isIsoDay(m.deliveryDate)) problems.push({ index, field: 'deliveryDate', problem: 'invalidDate' });
    else if (earliestDate && m.deliveryDate < earliestDate) {
      problems.push({ index, field: 'deliveryDate', problem: 'tooEarly', limit: earliestDate });
    }
  });
  const limitReached = exceedsVolumeLimit([...siblingMaterials, ...materials.map(volumeOf)]);
  return { problems, limitReached };
}

// ---- Dates ---------------------------------------------------------------------------------

/** A calendar day written YYYY-MM-DD that exists (a date field holds the typed text until it is one). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Adds days to an ISO day (YYYY-MM-DD) in UTC, so time zones never shift the day. */
export function addDays(isoDay: string, days: number): string {
  const [y = NaN, m = NaN, d = NaN] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Earliest delivery date of an approval lot: today plus the preliminary days of its plant and product type. */
export function earliestDeliveryDate(today: string, preliminaryDays: number): string {
  return addDays(today, preliminaryDays);
}

/** Lintel order lots: the delivery date must not lie in the past. */
export function isLintelDeliveryDateValid(date: string | null, today: string): boolean {
  return date !== null && date >= today;
}

/** Fallback when no preliminary days are maintained for the plant and product type. */
export const DEFAULT_PRELIMINARY_DAYS = 10;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Material types an approval lot can carry when the information sheet does not decide them
 * (DESIGN.md §5: the material-choice tenant's active material sheets, see the questionnaire
 * module's `materialsForApprovalLots`): aerated concrete, lintels, calcium silicate.
 */
export const defaultMaterialTypes = ['aac', 'lintel', 'cs'] as const;
