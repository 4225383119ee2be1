import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StateChangeResponse } from '../../shared/schemas/workflow';
import { apiRequest } from './api-client';
import { apiData } from './config';
import { invalidateUnitChange } from './query-keys';

/**
 * What the user is told of a state change, as soon as the server has answered: the mutation itself
 * stays pending (its buttons disabled) until the page's data has reloaded, which on a busy server
 * takes a while, and the callbacks of `mutate` would wait for that (or not run when their component
 * is gone by then).
 */
export type ChangeCallbacks = {
  onSuccess?: (res: StateChangeResponse) => void;
  onError?: (error: Error) => void;
};

/**
 * The one client of PUT api/data/{product}/projectunitstates/{projectUnitID} (the tasks panel, an
 * order lot's PlaceOrder, the review's submission of revised drawings): the state the user acted on
 * and the requirement, then one refresh of everything a state change touches.
 */
export function useChangeUnitState(unitId: number, callbacks: ChangeCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { requirements: string | null; stateKey: string }) =>
      apiRequest<StateChangeResponse>(apiData(`projectunitstates/${unitId}`), {
        method: 'PUT',
        body: { projectUnitID: unitId, ...input },
      }),
    ...callbacks,
    onSettled: () => invalidateUnitChange(queryClient),
  });
}
