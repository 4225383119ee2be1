import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toDeliveryStructure } from '../../../../shared/rules/structure';
import type { CreateProjectStructureResponse, Structure } from '../../../../shared/schemas/structure';
import { apiRequest } from '../../../lib/api-client';
import { invalidateKeys, invalidateUnitChange, queryPrefixes } from '../../../lib/query-keys';

/**
 * Structuring-finished: `POST /api/tasks/create-project-structure/{rootId}` with the delivery
 * structure. The project changes its state (refreshing what a state change touches) and gains
 * subprojects and approval lots with their materials, which the project lists, the search and the
 * outlook show; the draft is gone.
 */
export function useCreateProjectStructure(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (structure: Structure) =>
      apiRequest<CreateProjectStructureResponse>(`/api/tasks/create-project-structure/${rootId}`, {
        method: 'POST',
        body: toDeliveryStructure(structure),
      }),
    onSuccess: () =>
      Promise.all([
        invalidateUnitChange(queryClient),
        invalidateKeys(queryClient, [
          queryPrefixes.structure,
          queryPrefixes['project-lists'],
          queryPrefixes.search,
          queryPrefixes.outlook,
        ]),
      ]),
  });
}
