import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task } from '../../../../shared/schemas/tasks';
import type { StateChangeResponse, UnitActions } from '../../../../shared/schemas/workflow';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const unitWorkflowKeys = {
  actions: (unitId: number) => ['projects', 'workflow-actions', unitId] as const,
  tasks: (unitId: number) => ['tasks', 'unit', unitId] as const,
};

/** The signed-in user's open tasks for one unit (GET /api/tasks filtered by unit). */
export const unitTasksQuery = (unitId: number) =>
  queryOptions({
    queryKey: unitWorkflowKeys.tasks(unitId),
    queryFn: ({ signal }) => apiRequest<Task[]>(`/api/tasks?projectUnitID=${unitId}`, { signal }),
  });

/** The actions of the unit's state with their enable state and hints, computed by the server. */
export const unitActionsQuery = (unitId: number) =>
  queryOptions({
    queryKey: unitWorkflowKeys.actions(unitId),
    queryFn: ({ signal }) => apiRequest<UnitActions>(apiData(`projectunitstates/${unitId}/actions`), { signal }),
  });

export const useUnitTasks = (unitId: number) => useQuery(unitTasksQuery(unitId));
export const useUnitActions = (unitId: number) => useQuery(unitActionsQuery(unitId));

/** After a state change the unit path, units, tasks and counters reload (spec §4). */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects'] }),
      queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['journal'] }),
    ]);
}

/**
 * What the user is told of a state change, as soon as the server has answered: the mutation itself
 * stays pending (its buttons disabled) until the page's data has reloaded, which on a busy server
 * takes a while, and the callbacks of `mutate` would wait for that (or not run when their component
 * is gone by then).
 */
type ChangeCallbacks = {
  onSuccess?: (res: StateChangeResponse) => void;
  onError?: (error: Error) => void;
};

/** PUT api/data/{product}/projectunitstates/{projectUnitID} with the state the user acted on. */
export function useUpdateUnitState(unitId: number, callbacks: ChangeCallbacks = {}) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: { requirements: string | null; stateKey: string }) =>
      apiRequest<StateChangeResponse>(apiData(`projectunitstates/${unitId}`), {
        method: 'PUT',
        body: { projectUnitID: unitId, ...input },
      }),
    ...callbacks,
    onSettled: invalidate,
  });
}

/** POST api/data/{product}/projectunitstates/ccl-check-data with the check-data message. */
export function useCheckData(unitId: number, rootUnitId: number, callbacks: ChangeCallbacks = {}) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<StateChangeResponse>(apiData('projectunitstates/ccl-check-data'), {
        method: 'POST',
        body: { unitID: unitId, rootUnitID: rootUnitId, message },
      }),
    ...callbacks,
    onSettled: invalidate,
  });
}
