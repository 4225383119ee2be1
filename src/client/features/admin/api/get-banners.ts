import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerNotification } from '../../../../shared/schemas/admin';
import { pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export function getBanners(page: number, pageSize: number): Promise<{ data: BannerNotification[]; count: number }> {
  return apiRequest(apiData(`banner-notifications?${pageParams(page, pageSize)}`));
}

export const bannersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.admin.banners(page, pageSize),
    queryFn: () => getBanners(page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useBanners(page: number, pageSize: number) {
  return useQuery(bannersQuery(page, pageSize));
}
