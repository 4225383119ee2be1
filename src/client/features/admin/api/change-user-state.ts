import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type UserStateAction = 'deactivate' | 'reactivate' | 'invitation';

/** Deactivates or reactivates a user, or sends the invitation again. */
export function changeUserState({ id, action }: { id: number; action: UserStateAction }): Promise<AdminUser> {
  return apiRequest(apiData(`tenant-users/${id}/${action}`), { method: 'POST' });
}

export function useChangeUserState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserState,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.userLists() }),
  });
}
