import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

export type DraftBase = {
  key: string;
  isDirty: boolean;
  isNew: boolean;
  /** The blank new row as prepared, untouched or changed back: never shown as invalid. */
  isBlank?: boolean;
};

/** Same values as the saved (or prepared) row, whatever the flags say. */
function sameValues<D extends DraftBase>(a: D, b: D): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'isDirty' || k === 'isBlank') continue;
    if (!Object.is(a[k as keyof D], b[k as keyof D])) return false;
  }
  return true;
}

/**
 * The edit state of an order table: rows from the server, overridden by the rows the user
 * has touched. Only a touched row gets a new object, so memoised rows skip re-rendering. A row
 * changed back to its saved values is clean again; the blank new row is never invalid.
 */
export function useDraftRows<D extends DraftBase>(base: readonly D[]) {
  const [edits, setEdits] = useState<Record<string, D>>({});
  const baseByKey = useRef(new Map<string, D>());
  useLayoutEffect(() => {
    baseByKey.current = new Map(base.map((r) => [r.key, r]));
  }, [base]);
  const rows = useMemo(() => base.map((r) => edits[r.key] ?? (r.isNew ? { ...r, isBlank: true } : r)), [base, edits]);

  /** Applies a change to a row (its current value is passed by the row itself); dirty unless back to saved. */
  const update = useCallback((row: D, change: (row: D) => D) => {
    setEdits((prev) => {
      const next = change(prev[row.key] ?? row);
      const saved = baseByKey.current.get(row.key);
      if (saved && sameValues(next, saved)) {
        if (!(row.key in prev)) return prev;
        const rest = { ...prev };
        delete rest[row.key];
        return rest;
      }
      return { ...prev, [row.key]: { ...next, isDirty: true, isBlank: false } };
    });
  }, []);

  /** Forgets the local edit of a row (after a save, a delete or a conflict). */
  const reset = useCallback((key: string) => {
    setEdits((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });
  }, []);

  // The pristine new row of an empty table starts dirty (§4) but holds nothing unsaved yet.
  const hasUnsaved = rows.some((r) => r.isDirty && (!r.isNew || r.key in edits));
  return { rows, update, reset, hasUnsaved };
}
