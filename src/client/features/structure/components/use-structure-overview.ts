import { useMemo } from 'react';
import { structureTotals, subprojectsOverLimit } from '../../../../shared/rules/structure';
import type { Structure } from '../../../../shared/schemas/structure';
import { repeatedNameIds } from './structure-rows';

/** Beyond this many approval lots, rows are built as they scroll into view. */
export const DEFER_ROWS_FROM = 40;

/** What the editor shows about the whole structure: totals, the volume limit, repeated subproject names. */
export function useStructureOverview(structure: Structure) {
  const totals = useMemo(() => structureTotals(structure), [structure]);
  const deferRows = structure.subProjects.reduce((n, s) => n + s.approvalLots.length, 0) > DEFER_ROWS_FROM;
  const overLimit = useMemo(() => subprojectsOverLimit(structure).length > 0, [structure]);
  /** Ids of subprojects named like one before them (the first of a name is not marked). */
  const duplicateSubs = useMemo(() => repeatedNameIds(structure.subProjects), [structure]);
  return { totals, deferRows, overLimit, duplicateSubs };
}
