import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { bannersKey } from './get-banners';

export function deleteBanner(id: number): Promise<{ ok: true }> {
  return apiRequest(apiData(`banner-notifications/${id}`), { method: 'DELETE' });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}
