import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec: `POST account/delete`; served under /api (docs/decisions/004-account-paths.md). */
export function requestAccountDeletion(): Promise<{ ok: true }> {
  return apiRequest('/api/account/delete', { method: 'POST' });
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
