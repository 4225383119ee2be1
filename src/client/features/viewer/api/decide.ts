import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../../../shared/schemas/review';
import type { StateChangeResponse } from '../../../../shared/schemas/workflow';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { viewerBase } from './keys';

/** Approve or request revision: the unit's workflow transition. */
export function useDecide(rootId: number, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecision) =>
      apiRequest<StateChangeResponse>(`${viewerBase(rootId, unitId)}/decision`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The drafter's submission of revised drawings (the plain workflow action of ReviseDrawings). */
export function useSubmitRevised(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stateKey: string) =>
      apiRequest<StateChangeResponse>(apiData(`projectunitstates/${unitId}`), {
        method: 'PUT',
        body: { projectUnitID: unitId, stateKey },
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
