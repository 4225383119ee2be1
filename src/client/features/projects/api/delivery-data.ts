import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryData, SaveDeliveryDataInput } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { projectKeys } from './get-unit';

export const deliveryDataKey = (rootId: number) => ['projects', 'delivery-data', rootId] as const;

export const deliveryDataQuery = (rootId: number) =>
  queryOptions({
    queryKey: deliveryDataKey(rootId),
    queryFn: () => apiRequest<DeliveryData>(apiData(`delivery-data/${rootId}`)),
    staleTime: 0,
  });

export const useDeliveryData = (rootId: number) => useQuery(deliveryDataQuery(rootId));

/** The delivery data structure post; the units' dates, the materials and the workflows page change with it. */
export function useSaveDeliveryData(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDeliveryDataInput) =>
      apiRequest<DeliveryData>(apiData(`delivery-data/${rootId}`), { method: 'POST', body }),
    onSuccess: async (data) => {
      queryClient.setQueryData(deliveryDataKey(rootId), data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['workflow'] }),
      ]);
    },
  });
}
