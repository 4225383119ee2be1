import { useQueries, useQuery } from '@tanstack/react-query';
import type { VersionComparison } from '../../../../shared/schemas/compare';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { viewerBase } from './keys';

/** What changed from version `against` to `version` of a drawing or model (computed once on the server, then kept). */
export const useComparison = (
  rootId: number,
  unitId: number,
  fileId: number,
  version: number,
  against: number | null,
) =>
  useQuery({
    queryKey: queryKeys.viewer.compare(rootId, unitId, fileId, version, against),
    queryFn: () =>
      apiRequest<VersionComparison>(
        `${viewerBase(rootId, unitId)}/files/${fileId}/compare?version=${version}&against=${against}`,
      ),
    enabled: against !== null,
    staleTime: Infinity,
    retry: false,
  });

/**
 * The version a file is compared with by default: the newest earlier version that topics were
 * raised on (the one reviewed last), else the version before the one shown.
 */
export function defaultAgainst(versions: number[], shown: number, topicVersions: (number | null)[]): number | null {
  const earlier = versions.filter((v) => v < shown).sort((a, b) => b - a);
  return earlier.find((v) => topicVersions.includes(v)) ?? earlier[0] ?? null;
}

/** Changed regions and elements of every compared file of the unit (for the decision dialog). */
export function useUnitChanges(
  rootId: number,
  unitId: number,
  pairs: { fileId: number; version: number; against: number }[],
  enabled: boolean,
) {
  return useQueries({
    queries: pairs.map((p) => ({
      queryKey: queryKeys.viewer.compare(rootId, unitId, p.fileId, p.version, p.against),
      queryFn: () =>
        apiRequest<VersionComparison>(
          `${viewerBase(rootId, unitId)}/files/${p.fileId}/compare?version=${p.version}&against=${p.against}`,
        ),
      enabled,
      staleTime: Infinity,
      retry: false,
    })),
    combine: (results) => {
      let regions: number | null = null;
      let elements: number | null = null;
      for (const r of results) {
        if (r.data?.kind === 'pdf') regions = (regions ?? 0) + r.data.regionCount;
        if (r.data?.kind === 'model') {
          elements = (elements ?? 0) + r.data.added.length + r.data.removed.length + r.data.changed.length;
        }
      }
      return { regions, elements, pending: results.some((r) => r.isPending && r.fetchStatus !== 'idle') };
    },
  });
}
