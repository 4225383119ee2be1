import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../../../shared/schemas/review';
import type { StateChangeResponse } from '../../../../shared/schemas/workflow';
import { apiRequest } from '../../../lib/api-client';
import { invalidateUnitChange } from '../../../lib/query-keys';
import { viewerBase } from './keys';

/**
 * Approve or request revision: the unit's workflow transition with the review's topic choices
 * (its own call, as it also closes topics), then the refresh of everything a state change touches.
 */
export function useDecide(rootId: number, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecision) =>
      apiRequest<StateChangeResponse>(`${viewerBase(rootId, unitId)}/decision`, { method: 'POST', body: input }),
    onSettled: () => invalidateUnitChange(queryClient),
  });
}
