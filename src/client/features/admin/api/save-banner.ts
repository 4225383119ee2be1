import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerInput, BannerNotification } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

/** Creates a banner, or updates it when an id is given. */
export function saveBanner({ id, body }: { id?: number; body: BannerInput }): Promise<BannerNotification> {
  return id === undefined
    ? apiRequest(apiData('banner-notifications'), { method: 'POST', body })
    : apiRequest(apiData(`banner-notifications/${id}`), { method: 'PUT', body });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    // The banners shown above the pages change with the admin's list.
    onSettled: () =>
      invalidateKeys(queryClient, [queryKeys.admin.bannerLists(), queryPrefixes['banner-notifications']]),
  });
}
