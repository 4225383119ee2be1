import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyAddress } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';

export function saveAddress(body: CompanyAddress): Promise<{ ok: true }> {
  return apiRequest(apiData('profileaddress'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.profile.data(), queryKeys.account.me()]),
  });
}
