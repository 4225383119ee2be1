import { addDays } from './project-units';

/**
 * The delivery date change of the delivery data dialog (spec/projects-workflows.md §2 and §5):
 * when a planner moves one delivery date, the dialog asks whether the later dates move along.
 *
 * - **yes**: the changed date takes the new value and every date of the project later than the
 *   changed date's old value moves by the same number of calendar days, never below the minimum
 *   (today plus the preliminary days); a date that had to be raised to the minimum is reported.
 * - **no**: only the changed date takes the new value.
 * - **cancel**: nothing changes (the dialog reverts the field).
 *
 * Dates are ISO days (YYYY-MM-DD); entries without a date never move.
 */
export type DatedEntry = {
  key: string;
  date: string | null;
  /** This entry's own minimum (an approval lot's plant may need more preliminary days); else the common one. */
  minimum?: string;
};

export type ShiftChoice = 'yes' | 'no' | 'cancel';

export type ShiftResult<T extends DatedEntry> = {
  entries: T[];
  /** Keys of the dates that moved along (not the changed one). */
  moved: string[];
  /** Keys of moved dates that would have fallen below the minimum and were set to it. */
  clamped: string[];
};

/** Whole calendar days from one ISO day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether moving `changedKey` to `newDate` would move any other date on "yes" (no question needed otherwise). */
export function hasLaterDates(entries: readonly DatedEntry[], changedKey: string): boolean {
  const changed = entries.find((e) => e.key === changedKey);
  if (!changed?.date) return false;
  const from = changed.date;
  return entries.some((e) => e.key !== changedKey && e.date !== null && e.date > from);
}

export function shiftDeliveryDates<T extends DatedEntry>(
  entries: readonly T[],
  changedKey: string,
  newDate: string,
  choice: ShiftChoice,
  minimum: string,
): ShiftResult<T> {
  const changed = entries.find((e) => e.key === changedKey);
  if (!changed || choice === 'cancel') return { entries: [...entries], moved: [], clamped: [] };
  if (choice === 'no' || changed.date === null) {
    return {
      entries: entries.map((e) => (e.key === changedKey ? { ...e, date: newDate } : e)),
      moved: [],
      clamped: [],
    };
  }
  const from = changed.date;
  const delta = daysBetween(from, newDate);
  const moved: string[] = [];
  const clamped: string[] = [];
  const next = entries.map((e) => {
    if (e.key === changedKey) return { ...e, date: newDate };
    if (e.date === null || e.date <= from || delta === 0) return e;
    moved.push(e.key);
    const shifted = addDays(e.date, delta);
    const floor = e.minimum ?? minimum;
    if (shifted >= floor) return { ...e, date: shifted };
    clamped.push(e.key);
    return { ...e, date: floor };
  });
  return { entries: next, moved, clamped };
}
