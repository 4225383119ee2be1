import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export function deleteBanner(id: number): Promise<{ ok: true }> {
  return apiRequest(apiData(`banner-notifications/${id}`), { method: 'DELETE' });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    // The banners shown above the pages change with the admin's list.
    onSettled: () =>
      invalidateKeys(queryClient, [queryKeys.admin.bannerLists(), queryPrefixes['banner-notifications']]),
  });
}
