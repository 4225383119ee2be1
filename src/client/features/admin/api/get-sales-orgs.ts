import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesOrg } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getSalesOrgs(): Promise<SalesOrg[]> {
  return apiRequest('/api/banner-notifications/sales-orgs');
}

export const salesOrgsQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.salesOrgs(), queryFn: getSalesOrgs, staleTime: 5 * 60_000 });

export function useSalesOrgs() {
  return useQuery(salesOrgsQuery());
}
