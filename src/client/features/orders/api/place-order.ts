import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

type StateChange = { projectUnitID: number; oldState: string; stateKey: string };

/** The workflow state change out of PlaceOrder (the engine journals it and closes the task). */
export function placeOrder(unitId: number): Promise<StateChange> {
  return apiRequest(apiData(`projectunitstates/${unitId}`), {
    method: 'PUT',
    body: { projectUnitID: unitId, stateKey: 'PlaceOrder' },
  });
}

/** Afterwards everything about the unit reloads: items (now frozen), unit, tasks. */
export function usePlaceOrder(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => placeOrder(unitId),
    // Not awaited: the action unmounts once the reloaded items say the table is frozen.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
