import { AppError } from '../../../shared/errors';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import {
  OUTLOOK_WEEKS,
  type OutlookEntry,
  type OutlookFigures,
  type OutlookVolumes,
} from '../../../shared/schemas/outlook';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as repo from './repository';

export type OutlookFilter = {
  material: repo.Material;
  salesOrgId?: number;
  plantId?: number;
  productTypeId?: number;
  stateKey?: string;
};

const ZONE = 'Europe/Berlin';
const FIGURE_DAYS = 90;
const WAITING_PER_STATE = 5;
export const MAX_ENTRIES = 500;

/** Today's date in Europe/Berlin, where the plants plan their weeks. */
export function berlinToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/** The Monday of the ISO week that holds `day`. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return repo.addDays(day, -weekday);
}

/** ISO week label `2026-W49` of a Monday. */
export function isoWeekOf(monday: string): string {
  const thursday = new Date(`${repo.addDays(monday, 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const jan1 = new Date(Date.UTC(year, 0, 1));
  const week = Math.floor((thursday.getTime() - jan1.getTime()) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Only internal users of the tenant see the outlook (anyone else: 404, as if it did not exist);
 * admins see all sales organisations of their tenant, everyone else only their own. A filter on
 * a sales organisation the user does not belong to narrows to nothing rather than widening.
 */
async function scopeOf(ctx: ServiceContext, user: SessionUser, filter: Omit<OutlookFilter, 'material'>) {
  if (!user.isInternal && !user.isAdmin) throw new AppError('NotFound');
  let salesOrgIds: number[] | null = user.isAdmin ? null : user.salesOrgId === null ? [] : [user.salesOrgId];
  if (filter.salesOrgId !== undefined) {
    salesOrgIds = salesOrgIds === null || salesOrgIds.includes(filter.salesOrgId) ? [filter.salesOrgId] : [];
  }
  const scope: repo.OutlookScope = {
    tenantId: user.tenantId,
    salesOrgIds,
    plantId: filter.plantId,
    productTypeId: filter.productTypeId,
    stateKey: filter.stateKey,
  };
  void ctx;
  return scope;
}

export async function getVolumes(
  ctx: ServiceContext,
  user: SessionUser,
  filter: OutlookFilter,
): Promise<OutlookVolumes> {
  const scope = await scopeOf(ctx, user, filter);
  const from = mondayOf(berlinToday(ctx.clock.now()));
  const to = repo.addDays(from, OUTLOOK_WEEKS * 7);
  const [rows, plants] = await Promise.all([
    repo.weeklyVolumes(ctx.db, scope, filter.material, from, to),
    repo.findPlants(ctx.db, user.tenantId),
  ]);
  const weeks = Array.from({ length: OUTLOOK_WEEKS }, (_, i) => {
    const weekStart = repo.addDays(from, i * 7);
    return { weekStart, isoWeek: isoWeekOf(weekStart) };
  });
  const shown = plants.filter((p) => filter.plantId === undefined || p.plant_id === filter.plantId);
  const result: OutlookVolumes['plants'] = shown.map((p) => ({
    plantId: p.plant_id,
    name: textInLanguage(p.name_by_language, user.language, p.tenant_language, p.name),
    // The capacity is planned in m³ of AAC; lintels have none.
    weeklyCapacity: filter.material === 'aac' && p.weekly_capacity !== null ? Number(p.weekly_capacity) : null,
  }));
  if (rows.some((r) => r.plant_id === null)) result.push({ plantId: null, name: null, weeklyCapacity: null });
  return {
    material: filter.material,
    weeks,
    plants: result,
    rows: rows.map((r) => ({ plantId: r.plant_id, weekStart: r.week, category: r.category, volume: Number(r.volume) })),
  };
}

export async function getWeekEntries(
  ctx: ServiceContext,
  user: SessionUser,
  filter: OutlookFilter & { week: string; plant: number | 'none'; category?: repo.Category },
): Promise<{ data: OutlookEntry[]; count: number }> {
  const scope = await scopeOf(ctx, user, filter);
  const week = mondayOf(filter.week);
  const rows = await repo.weekEntries(
    ctx.db,
    scope,
    filter.material,
    week,
    filter.plant === 'none' ? null : filter.plant,
    filter.category,
    MAX_ENTRIES,
  );
  return {
    count: rows.length,
    data: rows.map((r) => ({
      category: r.category,
      day: r.day,
      volume: Number(r.volume),
      projectId: r.root_id,
      projectNo: r.project_no,
      projectTitle: r.project_title,
      projectState: r.project_state,
      unitId: r.unit_id,
      unitTitle: r.unit_title,
      lotId: r.lot_id,
      lotTitle: r.lot_title,
    })),
  };
}

export async function getFigures(
  ctx: ServiceContext,
  user: SessionUser,
  filter: Omit<OutlookFilter, 'material'>,
): Promise<OutlookFigures> {
  const scope = await scopeOf(ctx, user, filter);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - FIGURE_DAYS * 86_400_000);
  const today = berlinToday(now);
  const sinceDay = repo.addDays(today, -FIGURE_DAYS);
  const [rounds, states, deliveries, waiting] = await Promise.all([
    repo.reviewRoundMedian(ctx.db, scope, since),
    repo.stateMedians(ctx.db, scope, since),
    repo.onTimeShare(ctx.db, scope, sinceDay, today),
    repo.longestWaiting(ctx.db, scope, WAITING_PER_STATE),
  ]);
  const count = Number(deliveries.deliveries);
  const onRequested = Number(deliveries.on_requested);
  return {
    since: sinceDay,
    reviewRounds: {
      count: Number(rounds.rounds),
      medianDays: rounds.median_days === null ? null : round2(rounds.median_days),
    },
    states: states.map((s) => ({
      stateKey: s.state_key,
      transitions: Number(s.transitions),
      medianDays: round2(s.median_days),
    })),
    deliveries: { count, onRequestedDate: onRequested, share: count === 0 ? null : round2(onRequested / count) },
    waiting: waiting.map((w) => ({
      projectId: w.root_id,
      projectNo: w.project_no,
      projectTitle: w.project_title,
      stateKey: w.state_key,
      stateSince: new Date(w.state_since).toISOString(),
    })),
  };
}

const round2 = (v: number) => Math.round(Number(v) * 100) / 100;

export async function listPlantCapacities(ctx: ServiceContext, user: SessionUser) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const rows = await repo.findPlants(ctx.db, user.tenantId);
  return rows.map((p) => ({
    plantId: p.plant_id,
    name: textInLanguage(p.name_by_language, user.language, p.tenant_language, p.name),
    weeklyCapacity: p.weekly_capacity === null ? null : Number(p.weekly_capacity),
  }));
}

export async function setPlantCapacity(
  ctx: ServiceContext,
  user: SessionUser,
  plantId: number,
  capacity: number | null,
) {
  await requireAccess(ctx.db, user, { permission: 'admin' });
  const row = await repo.setPlantCapacity(ctx.db, user.tenantId, plantId, capacity);
  if (!row) throw new AppError('NotFound');
  return {
    plantId: row.plant_id,
    name: textInLanguage(row.name_by_language, user.language, row.tenant_language, row.name),
    weeklyCapacity: row.weekly_capacity === null ? null : Number(row.weekly_capacity),
  };
}
