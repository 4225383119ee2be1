import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactData } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';

export function saveContact(body: ContactData): Promise<{ ok: true }> {
  return apiRequest(apiData('profilecontact'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.profile.data(), queryKeys.account.me()]),
  });
}
