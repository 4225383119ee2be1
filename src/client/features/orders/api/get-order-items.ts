import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderEndpoint } from './order-endpoint';

export type OrderItemList<Item> = { data: Item[]; canEdit: boolean };

/** The lot's items with the server's answer whether this user may edit them. */
export function getOrderItems<Item>(endpoint: OrderEndpoint, unitId: number): Promise<OrderItemList<Item>> {
  return apiRequest(apiData(`${endpoint.itemsPath}?projectUnitID=${unitId}`));
}

export const orderItemsQuery = <Item>(endpoint: OrderEndpoint, unitId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.items(endpoint.itemsPath, unitId),
    queryFn: () => getOrderItems<Item>(endpoint, unitId),
  });

export function useOrderItems<Item>(endpoint: OrderEndpoint, unitId: number) {
  return useQuery(orderItemsQuery<Item>(endpoint, unitId));
}
