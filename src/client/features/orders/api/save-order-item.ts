import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderEndpoint } from './order-endpoint';

/** A new row goes to its lot (the server gives it the next position); a stored one carries its version. */
export type SaveOrderItem<Fields> =
  { id: null; body: Fields & { projectUnitID: number } } | { id: number; body: Fields & { version: number } };

export function saveOrderItem<Fields, Item>(endpoint: OrderEndpoint, input: SaveOrderItem<Fields>): Promise<Item> {
  return input.id === null
    ? apiRequest(apiData(endpoint.itemsPath), { method: 'POST', body: input.body })
    : apiRequest(apiData(`${endpoint.itemsPath}/${input.id}`), { method: 'PUT', body: input.body });
}

/** Creates or updates a row; afterwards (also after a conflict) the rows reload. */
export function useSaveOrderItem<Fields, Item>(endpoint: OrderEndpoint, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveOrderItem<Fields>) => saveOrderItem<Fields, Item>(endpoint, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.items(endpoint.itemsPath, unitId) }),
  });
}
