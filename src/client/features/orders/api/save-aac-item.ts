import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AacItemCreate, AacItemUpdate, AacOrderItem } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { aacItemsKey } from './get-aac-items';

export type SaveAacItem = { id: null; body: AacItemCreate } | { id: number; body: AacItemUpdate };

export function saveAacItem(input: SaveAacItem): Promise<AacOrderItem> {
  return input.id === null
    ? apiRequest(apiData('aacorderlotitems'), { method: 'POST', body: input.body })
    : apiRequest(apiData(`aacorderlotitems/${input.id}`), { method: 'PUT', body: input.body });
}

/** Creates or updates a row; afterwards (also after a conflict) the rows reload. */
export function useSaveAacItem(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAacItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aacItemsKey(unitId) }),
  });
}
