import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileSettings } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';

export function saveSettings(body: ProfileSettings): Promise<{ ok: true }> {
  return apiRequest(apiData('profilesettings'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.profile.data(), queryKeys.account.me()]),
  });
}
