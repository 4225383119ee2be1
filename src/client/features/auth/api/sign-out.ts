import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { clearServiceWorkerCaches } from '../../../lib/service-worker';

export function signOut(): Promise<{ ok: true }> {
  return apiRequest('/Account/SignOut', { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // The caches are emptied before the sign-in page shows (the caller's onSettled runs after this
    // promise), bounded so a slow browser storage never holds the user on the old screen.
    onSettled: async () => {
      // Everything of the session goes; the list of company sign-ins is the same for every visitor
      // and stays, since the sign-in page may already be asking for it (a request that found the
      // session gone sends the app there first) and a removed query would leave it without an answer.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey.join('/') !== queryKeys.account.oidcProviders().join('/'),
      });
      queryClient.getMutationCache().clear();
      queryClient.setQueryData(queryKeys.account.me(), null);
      await Promise.race([
        clearServiceWorkerCaches().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
    },
  });
}
