import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function confirmAccountDeletion(body: { token: string }): Promise<{ ok: true }> {
  return apiRequest('/api/account/delete/confirm', { method: 'POST', body });
}

/** After the deletion every session has ended: forget all cached data. */
export function useConfirmAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmAccountDeletion, onSuccess: () => queryClient.clear() });
}
