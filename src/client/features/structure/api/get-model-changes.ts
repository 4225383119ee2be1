import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StructureModelChanges } from '../../../../shared/schemas/structure';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET …/projects/{rootId}/structure-draft/model-changes`: the walls of the project's model added or
 * changed since its previous version, by storey (the first request may wait for the comparison).
 */
export const modelChangesQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.structure.modelChanges(rootId),
    queryFn: ({ signal }) =>
      apiRequest<StructureModelChanges>(apiData(`projects/${rootId}/structure-draft/model-changes`), { signal }),
    retry: false,
    staleTime: 60_000,
  });

export const useModelChanges = (rootId: number) => useQuery(modelChangesQuery(rootId));
