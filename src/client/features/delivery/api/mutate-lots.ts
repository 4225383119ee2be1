import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryLot, DeliveryLotInput } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

/**
 * A lot's change is journaled on the project; the outlook counts the volumes of delivery lots and
 * the dashboard lists confirmed dates that differ from the requested ones.
 */
function useLotMutation<V>(rootId: number, call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.delivery.lotLists(rootId),
        queryKeys.journal.ofProject(rootId),
        queryPrefixes.outlook,
        queryKeys.dashboard.divergingDeliveries(),
      ]),
  });
}

/** Creates a lot (no id) or changes one. */
export const useSaveLot = (rootId: number) =>
  useLotMutation(rootId, ({ id, body }: { id: number | null; body: DeliveryLotInput }) =>
    id === null
      ? apiRequest<DeliveryLot>(apiData(`delivery-overview/${rootId}`), { method: 'POST', body })
      : apiRequest<DeliveryLot>(apiData(`delivery-lots/${id}`), { method: 'PUT', body }),
  );

export const useDeleteLot = (rootId: number) =>
  useLotMutation(rootId, (id: number) => apiRequest(apiData(`delivery-lots/${id}`), { method: 'DELETE' }));

/** OnCall or Planned → Fixed. */
export const useConfirmLot = (rootId: number) =>
  useLotMutation(rootId, (id: number) =>
    apiRequest<DeliveryLot>(apiData(`delivery-lots/${id}/confirm`), { method: 'POST' }),
  );
