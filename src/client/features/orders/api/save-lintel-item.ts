import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LintelItemCreate, LintelItemUpdate, LintelOrderItem } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { lintelItemsKey } from './get-lintel-items';

export type SaveLintelItem = { id: null; body: LintelItemCreate } | { id: number; body: LintelItemUpdate };

export function saveLintelItem(input: SaveLintelItem): Promise<LintelOrderItem> {
  return input.id === null
    ? apiRequest(apiData('lintelorderlotitems'), { method: 'POST', body: input.body })
    : apiRequest(apiData(`lintelorderlotitems/${input.id}`), { method: 'PUT', body: input.body });
}

/** Creates or updates a row; afterwards (also after a conflict) the rows reload. */
export function useSaveLintelItem(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLintelItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lintelItemsKey(unitId) }),
  });
}
