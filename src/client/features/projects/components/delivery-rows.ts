import { z } from 'zod';
import { checkMaterials, MAX_VOLUME, totalVolume } from '../../../../shared/rules/project-units';
import { saveDeliveryDataSchema, type DeliveryData } from '../../../../shared/schemas/delivery';

/** One material of one approval lot, as a row of the delivery data dialog. */
export type DeliveryRow = {
  key: string;
  subId: number;
  lotId: number;
  lotTitle: string;
  type: string;
  volume: number | string;
  date: string | null;
  /** The lot's earliest delivery date (today plus its preliminary days). */
  minimum: string;
};

export function rowsOf(data: DeliveryData): DeliveryRow[] {
  return data.subProjects.flatMap((sub) =>
    sub.approvalLots.flatMap((lot) =>
      lot.materials.map((m) => ({
        key: `${lot.projectUnitID}:${m.type}`,
        subId: sub.subProjectID,
        lotId: lot.projectUnitID,
        lotTitle: lot.approvalLotTitle,
        type: m.type,
        volume: m.volume,
        date: m.deliveryDate,
        minimum: lot.earliestDeliveryDate,
      })),
    ),
  );
}

const volumeOf = (row: DeliveryRow) =>
  typeof row.volume === 'number' && Number.isFinite(row.volume) ? row.volume : NaN;
const asMaterial = (row: DeliveryRow) => ({ type: row.type, volume: volumeOf(row), deliveryDate: row.date });

/**
 * The shared approval-lot rules over the dialog's rows: per row an error code ("problem|limit", as the
 * approval-lot form shows them) and per subproject its total and whether it passes 350 m³. A date
 * stored before stays valid as time passes (the server allows it too).
 */
export function checkRows(rows: DeliveryRow[], initial: DeliveryRow[]) {
  const errors: Record<string, { volume?: string; date?: string }> = {};
  const totals = new Map<number, { total: number; limitReached: boolean }>();
  for (const subId of new Set(rows.map((r) => r.subId))) {
    const ofSub = rows.filter((r) => r.subId === subId);
    for (const lotId of new Set(ofSub.map((r) => r.lotId))) {
      const ofLot = ofSub.filter((r) => r.lotId === lotId);
      const siblings = ofSub.filter((r) => r.lotId !== lotId).map((r) => ({ type: r.type, volume: volumeOf(r) || 0 }));
      const { problems } = checkMaterials(ofLot.map(asMaterial), siblings, ofLot[0]?.minimum ?? null);
      for (const p of problems) {
        const row = ofLot[p.index];
        if (!row) continue;
        const storedDate = initial.find((r) => r.key === row.key)?.date;
        if (p.problem === 'tooEarly' && storedDate === row.date) continue;
        const code = `${p.problem}|${p.limit ?? ''}`;
        errors[row.key] = { ...errors[row.key], [p.field === 'deliveryDate' ? 'date' : 'volume']: code };
      }
    }
    const total = totalVolume(ofSub.map((r) => ({ volume: volumeOf(r) || 0 })));
    totals.set(subId, { total, limitReached: total > MAX_VOLUME });
  }
  return { errors, totals };
}

/** The approval lots whose materials differ from the loaded ones, with all their materials (the save's body). */
export function changedLots(rows: DeliveryRow[], initial: DeliveryRow[]) {
  const changed = new Set(
    rows
      .filter((r) => {
        const before = initial.find((i) => i.key === r.key);
        return !before || before.volume !== r.volume || before.date !== r.date;
      })
      .map((r) => r.lotId),
  );
  return [...changed].map((lotId) => ({
    projectUnitID: lotId,
    materials: rows.filter((r) => r.lotId === lotId).map(asMaterial),
  }));
}

/**
 * The dialog's form: its rows under the approval-lot rules (`checkRows`), each problem at its row's
 * field and a subproject above 350 m³ on the rows as a whole. The pipe makes the changed lots the
 * API's input (`saveDeliveryDataSchema`), or null when nothing changed (Save then only closes).
 */
export function deliveryDataFormSchema(initial: DeliveryRow[]) {
  return z
    .object({ rows: z.array(z.custom<DeliveryRow>()) })
    .superRefine(({ rows }, ctx) => {
      const { errors, totals } = checkRows(rows, initial);
      rows.forEach((row, index) => {
        for (const [field, code] of Object.entries(errors[row.key] ?? {}))
          if (code) ctx.addIssue({ code: 'custom', path: ['rows', index, field], message: code });
      });
      if ([...totals.values()].some((sum) => sum.limitReached))
        ctx.addIssue({ code: 'custom', path: ['rows'], message: 'PROJECT.Materials.LimitReachedTitle' });
    })
    .transform(({ rows }) => {
      const approvalLots = changedLots(rows, initial);
      return approvalLots.length > 0 ? { approvalLots } : null;
    })
    .pipe(saveDeliveryDataSchema.nullable());
}
