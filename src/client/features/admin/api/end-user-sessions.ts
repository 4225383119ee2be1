import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

/** Ends every session of a user of the tenant (the user has to sign in again). */
export function endUserSessions(id: number): Promise<{ ended: number }> {
  return apiRequest(apiData(`tenant-users/${id}/end-sessions`), { method: 'POST' });
}

export function useEndUserSessions() {
  return useMutation({ mutationFn: endUserSessions });
}
