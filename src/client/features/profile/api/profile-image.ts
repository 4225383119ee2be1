import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';
import { bumpProfileImageVersion } from '../../../lib/profile-image';

export function uploadProfileImage(png: Blob): Promise<{ ok: true }> {
  const form = new FormData();
  form.append('image', png, 'thumbnail.png');
  return apiRequest(apiData('profilefiles/thumbnail.png'), { method: 'POST', body: form });
}

export function deleteProfileImage(): Promise<{ ok: true }> {
  return apiRequest(apiData('profilefiles/thumbnail.png'), { method: 'DELETE' });
}

function useImageMutation<T>(mutationFn: (arg: T) => Promise<{ ok: true }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // The image URL gets a new ?ts= so every thumbnail reloads.
      bumpProfileImageVersion();
      await invalidateKeys(queryClient, [queryKeys.profile.data(), queryKeys.account.me()]);
    },
  });
}

export const useUploadProfileImage = () => useImageMutation(uploadProfileImage);
export const useDeleteProfileImage = () => useImageMutation(deleteProfileImage);
