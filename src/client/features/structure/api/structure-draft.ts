import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Structure, StructureDraftResponse } from '../../../../shared/schemas/structure';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The server-side draft with the editor's context: minimum delivery date and the project's
 * material types (the one client source of them; the server decides which types a project has).
 */
export const structureDraftQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.structure.draft(rootId),
    queryFn: ({ signal }) =>
      apiRequest<StructureDraftResponse>(apiData(`projects/${rootId}/structure-draft`), { signal }),
    staleTime: 0,
  });

export const useStructureDraft = (rootId: number) => useQuery(structureDraftQuery(rootId));

/** Save: the structure as the project's draft. */
export function useSaveStructureDraft(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (structure: Structure) =>
      apiRequest<StructureDraftResponse>(apiData(`projects/${rootId}/structure-draft`), {
        method: 'PUT',
        body: { structure },
      }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.structure.draft(rootId), data),
  });
}
