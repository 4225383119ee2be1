import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesOrganisation } from '../../../../shared/schemas/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export function getSalesOrganisations(signal?: AbortSignal): Promise<{ data: SalesOrganisation[] }> {
  return apiRequest<{ data: SalesOrganisation[] }>(apiData('salesorganisations'), { signal });
}

export const salesOrganisationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.salesorganisations.list(),
    queryFn: ({ signal }) => getSalesOrganisations(signal),
    staleTime: 5 * 60_000,
  });

export function useSalesOrganisations() {
  return useQuery(salesOrganisationsQuery());
}
