import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryLot, DeliveryLotInput } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { deliveryKeys } from './get-delivery-lots';

function useLotMutation<V>(rootId: number, call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.lots(rootId) }),
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
