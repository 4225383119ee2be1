import { useMemo } from 'react';
import { normaliseTitle } from '../../../../shared/rules/project-units';
import type { StructureModelChanges } from '../../../../shared/schemas/structure';
import { useModelChanges } from '../api/get-model-changes';

export type ChangedWall = StructureModelChanges['storeys'][number]['walls'][number];

/** The walls of one approval lot's storey changed since the model's version `since`. */
export type LotModelChanges = { since: number; walls: ChangedWall[] };

/**
 * The model's changes since its previous version, for the approval lots made from its storeys:
 * a lot is matched to the storey of the same name (as the editor names lots it generates).
 */
export function useLotModelChanges(rootId: number) {
  const { data } = useModelChanges(rootId);
  const byLotName = useMemo(() => {
    const map = new Map<string, LotModelChanges>();
    if (data?.since == null) return map;
    for (const storey of data.storeys) {
      const key = normaliseTitle(storey.name);
      const walls = [...(map.get(key)?.walls ?? []), ...storey.walls];
      map.set(key, { since: data.since, walls });
    }
    return map;
  }, [data]);
  const count = useMemo(() => data?.storeys.reduce((n, s) => n + s.walls.length, 0) ?? 0, [data]);
  return { changes: data?.since == null ? null : { model: data.model ?? '', since: data.since, count }, byLotName };
}
