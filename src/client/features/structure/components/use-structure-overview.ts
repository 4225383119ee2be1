import { useMemo } from 'react';
import { normaliseTitle } from '../../../../shared/rules/project-units';
import { structureTotals, subprojectsOverLimit } from '../../../../shared/rules/structure';
import type { Structure } from '../../../../shared/schemas/structure';

/** Beyond this many approval lots, rows are built as they scroll into view. */
export const DEFER_ROWS_FROM = 40;

/** What the editor shows about the whole structure: totals, the volume limit, repeated subproject names. */
export function useStructureOverview(structure: Structure) {
  const totals = useMemo(() => structureTotals(structure), [structure]);
  const deferRows = structure.subProjects.reduce((n, s) => n + s.approvalLots.length, 0) > DEFER_ROWS_FROM;
  const overLimit = useMemo(() => subprojectsOverLimit(structure).length > 0, [structure]);
  /** Ids of subprojects named like one before them (the first of a name is not marked). */
  const duplicateSubs = useMemo(() => {
    const seen = new Set<string>();
    return new Set(
      structure.subProjects.flatMap((s) => {
        const key = normaliseTitle(s.name);
        const dup = key !== '' && seen.has(key);
        seen.add(key);
        return dup ? [s.id] : [];
      }),
    );
  }, [structure]);
  return { totals, deferRows, overLimit, duplicateSubs };
}
