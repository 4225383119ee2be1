import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectKeys } from './get-unit';

export const tenantInfoQuery = (rootId: number) =>
  queryOptions({
    queryKey: projectKeys.tenantInfo(rootId),
    queryFn: async () => (await apiRequest<{ html: string }>(`/api/tenant-infos/${rootId}`)).html,
    staleTime: 10 * 60_000,
  });

export const useTenantInfo = (rootId: number, enabled: boolean) => useQuery({ ...tenantInfoQuery(rootId), enabled });
