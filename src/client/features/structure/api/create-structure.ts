import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toDeliveryStructure } from '../../../../shared/rules/structure';
import type { CreateProjectStructureResponse, Structure } from '../../../../shared/schemas/structure';
import { apiRequest } from '../../../lib/api-client';

/** Structuring-finished: `POST /api/tasks/create-project-structure/{rootId}` with the delivery structure. */
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
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['structure'] }),
      ]),
  });
}
