import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileSettings } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { currentUserKey } from '../../../lib/current-user';
import { profileKey } from './get-profile';

export function saveSettings(body: ProfileSettings): Promise<{ ok: true }> {
  return apiRequest(apiData('profilesettings'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
