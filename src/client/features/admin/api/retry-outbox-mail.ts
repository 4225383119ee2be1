import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** Sends a failed mail of the outbox again (fresh attempts, due now). */
export function retryOutboxMail(id: number): Promise<{ ok: true }> {
  return apiRequest(apiData(`mailoutbox/${id}/retry`), { method: 'POST' });
}

export function useRetryOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outboxLists() }),
  });
}
