import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AacProductDto } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export async function getAacProducts(unitId: number): Promise<AacProductDto[]> {
  return (await apiRequest<{ data: AacProductDto[] }>(apiData(`aacproducts?projectUnitID=${unitId}`))).data;
}

export const aacProductsQuery = (unitId: number) =>
  queryOptions({
    queryKey: ['orders', 'aac-products', unitId] as const,
    queryFn: () => getAacProducts(unitId),
    staleTime: 10 * 60_000,
  });

export function useAacProducts(unitId: number) {
  return useQuery(aacProductsQuery(unitId));
}
