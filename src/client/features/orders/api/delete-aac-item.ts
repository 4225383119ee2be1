import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { aacItemsKey } from './get-aac-items';

export function deleteAacItem(input: { id: number; version: number }): Promise<void> {
  return apiRequest(apiData(`aacorderlotitems/${input.id}?version=${input.version}`), { method: 'DELETE' });
}

export function useDeleteAacItem(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAacItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aacItemsKey(unitId) }),
  });
}
