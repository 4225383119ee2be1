import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LintelProductDto } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export async function getLintelProducts(unitId: number): Promise<LintelProductDto[]> {
  return (await apiRequest<{ data: LintelProductDto[] }>(apiData(`lintelproducts?projectUnitID=${unitId}`))).data;
}

export const lintelProductsQuery = (unitId: number) =>
  queryOptions({
    queryKey: ['orders', 'lintel-products', unitId] as const,
    queryFn: () => getLintelProducts(unitId),
    staleTime: 10 * 60_000,
  });

export function useLintelProducts(unitId: number) {
  return useQuery(lintelProductsQuery(unitId));
}
