import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { productKey } from '../../../lib/config';

export function changePassword(body: PasswordChangeRequest): Promise<{ ok: true }> {
  return apiRequest(`/api/account/${productKey}/password`, { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
