import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, InviteUser, UpdateUser } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** Invites a user, or updates one when an id is given. */
export function saveUser(
  args: { id: number; body: UpdateUser } | { id?: undefined; body: InviteUser },
): Promise<AdminUser> {
  return args.id === undefined
    ? apiRequest(apiData('tenant-users'), { method: 'POST', body: args.body })
    : apiRequest(apiData(`tenant-users/${args.id}`), { method: 'PUT', body: args.body });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.userLists() }),
  });
}
