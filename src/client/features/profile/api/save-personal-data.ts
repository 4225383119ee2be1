import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalData } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';

export function savePersonalData(body: PersonalData): Promise<{ ok: true }> {
  return apiRequest(apiData('profileuserprofile'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSavePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonalData,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.profile.data(), queryKeys.account.me()]),
  });
}
