import { useCallback, useMemo, useState } from 'react';

export type DraftBase = { key: string; isDirty: boolean; isNew: boolean };

/**
 * The edit state of an order table: rows from the server, overridden by the rows the user
 * has touched. Only a touched row gets a new object, so memoised rows skip re-rendering.
 */
export function useDraftRows<D extends DraftBase>(base: readonly D[]) {
  const [edits, setEdits] = useState<Record<string, D>>({});
  const rows = useMemo(() => base.map((r) => edits[r.key] ?? r), [base, edits]);

  /** Applies a change to a row (its current value is passed by the row itself); marks it dirty. */
  const update = useCallback((row: D, change: (row: D) => D) => {
    setEdits((prev) => ({ ...prev, [row.key]: { ...change(prev[row.key] ?? row), isDirty: true } }));
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
