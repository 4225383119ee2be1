import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(body: { login: string }): Promise<{ ok: true }> {
  return apiRequest('/api/account/password-reset/request', { method: 'POST', body });
}

export function confirmPasswordReset(body: {
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ ok: true }> {
  return apiRequest('/api/account/password-reset/confirm', { method: 'POST', body });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
