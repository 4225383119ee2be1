import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task } from '../../../../shared/schemas/tasks';
import type { StateChangeResponse, UnitActions } from '../../../../shared/schemas/workflow';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import type { ChangeCallbacks } from '../../../lib/use-change-unit-state';
import { invalidateUnitChange, queryKeys } from '../../../lib/query-keys';

/** The signed-in user's open tasks for one unit (GET /api/tasks filtered by unit). */
export const unitTasksQuery = (unitId: number) =>
  queryOptions({
    queryKey: queryKeys.tasks.ofUnit(unitId),
    queryFn: ({ signal }) => apiRequest<Task[]>(`/api/tasks?projectUnitID=${unitId}`, { signal }),
  });

/** The actions of the unit's state with their enable state and hints, computed by the server. */
export const unitActionsQuery = (unitId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.workflowActions(unitId),
    queryFn: ({ signal }) => apiRequest<UnitActions>(apiData(`projectunitstates/${unitId}/actions`), { signal }),
  });

export const useUnitTasks = (unitId: number) => useQuery(unitTasksQuery(unitId));
export const useUnitActions = (unitId: number) => useQuery(unitActionsQuery(unitId));

/** POST api/data/{product}/projectunitstates/ccl-check-data with the check-data message. */
export function useCheckData(unitId: number, rootUnitId: number, callbacks: ChangeCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<StateChangeResponse>(apiData('projectunitstates/ccl-check-data'), {
        method: 'POST',
        body: { unitID: unitId, rootUnitID: rootUnitId, message },
      }),
    ...callbacks,
    onSettled: () => invalidateUnitChange(queryClient),
  });
}
