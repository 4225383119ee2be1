import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalData } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { currentUserKey } from '../../../lib/current-user';
import { profileKey } from './get-profile';

export function savePersonalData(body: PersonalData): Promise<{ ok: true }> {
  return apiRequest(apiData('profileuserprofile'), { method: 'POST', body });
}

/** Refreshes the profile and the signed-in user after a change. */
export function useSavePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonalData,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
