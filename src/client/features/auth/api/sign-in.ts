import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest } from '../../../../shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function signIn(body: LoginRequest): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/api/account/login', { method: 'POST', body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.account.me(), user);
    },
  });
}
