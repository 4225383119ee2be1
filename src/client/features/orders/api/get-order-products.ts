import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderEndpoint } from './order-endpoint';

/** The active products the lot's tenant offers for this material. */
export async function getOrderProducts<Product>(endpoint: OrderEndpoint, unitId: number): Promise<Product[]> {
  return (await apiRequest<{ data: Product[] }>(apiData(`${endpoint.productsPath}?projectUnitID=${unitId}`))).data;
}

export const orderProductsQuery = <Product>(endpoint: OrderEndpoint, unitId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.products(endpoint.productsPath, unitId),
    queryFn: () => getOrderProducts<Product>(endpoint, unitId),
    staleTime: 10 * 60_000,
  });

export function useOrderProducts<Product>(endpoint: OrderEndpoint, unitId: number) {
  return useQuery(orderProductsQuery<Product>(endpoint, unitId));
}
