import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/current-user';
import { clearServiceWorkerCaches } from '../../../lib/service-worker';

export function signOut(): Promise<{ ok: true }> {
  return apiRequest('/Account/SignOut', { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      void clearServiceWorkerCaches().catch(() => undefined);
    },
  });
}
