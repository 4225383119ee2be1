import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryData, SaveDeliveryDataInput } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const deliveryDataQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.deliveryData(rootId),
    queryFn: () => apiRequest<DeliveryData>(apiData(`delivery-data/${rootId}`)),
    staleTime: 0,
  });

export const useDeliveryData = (rootId: number) => useQuery(deliveryDataQuery(rootId));

/**
 * The delivery data structure post; the units' dates and materials change with it, and so do the
 * workflows page (a material-data notification per changed material), the project's journal and
 * the outlook's volumes.
 */
export function useSaveDeliveryData(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDeliveryDataInput) =>
      apiRequest<DeliveryData>(apiData(`delivery-data/${rootId}`), { method: 'POST', body }),
    onSuccess: async (data) => {
      queryClient.setQueryData(queryKeys.projects.deliveryData(rootId), data);
      await invalidateKeys(queryClient, [
        queryPrefixes.projects,
        queryPrefixes.workflow,
        queryKeys.journal.ofProject(rootId),
        queryPrefixes.outlook,
      ]);
    },
  });
}
