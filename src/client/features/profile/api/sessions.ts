import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSession } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.account.sessions(),
    queryFn: async () => (await apiRequest<{ data: UserSession[] }>('/api/account/sessions')).data,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionID: string) =>
      apiRequest<{ ok: true }>(`/api/account/sessions/${sessionID}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('/api/account/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
  });
}
