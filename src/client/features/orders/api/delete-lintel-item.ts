import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { lintelItemsKey } from './get-lintel-items';

export function deleteLintelItem(input: { id: number; version: number }): Promise<void> {
  return apiRequest(apiData(`lintelorderlotitems/${input.id}?version=${input.version}`), { method: 'DELETE' });
}

export function useDeleteLintelItem(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLintelItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lintelItemsKey(unitId) }),
  });
}
