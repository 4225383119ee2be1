import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesOrg } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';

export function getSalesOrgs(): Promise<SalesOrg[]> {
  return apiRequest('/api/banner-notifications/sales-orgs');
}

export const salesOrgsQuery = () =>
  queryOptions({ queryKey: ['admin', 'sales-orgs'], queryFn: getSalesOrgs, staleTime: 5 * 60_000 });

export function useSalesOrgs() {
  return useQuery(salesOrgsQuery());
}
