import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderEndpoint } from './order-endpoint';

export function deleteOrderItem(endpoint: OrderEndpoint, input: { id: number; version: number }): Promise<void> {
  return apiRequest(apiData(`${endpoint.itemsPath}/${input.id}?version=${input.version}`), { method: 'DELETE' });
}

/** Deletes a row at the version the user saw; the rows reload (the server renumbers the rest). */
export function useDeleteOrderItem(endpoint: OrderEndpoint, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; version: number }) => deleteOrderItem(endpoint, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.items(endpoint.itemsPath, unitId) }),
  });
}
