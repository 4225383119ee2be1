import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSession } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api-client';

export const sessionsKey = ['account', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await apiRequest<{ data: UserSession[] }>('/api/account/sessions')).data,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionID: string) =>
      apiRequest<{ ok: true }>(`/api/account/sessions/${sessionID}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('/api/account/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
