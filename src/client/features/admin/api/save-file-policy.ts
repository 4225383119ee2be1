import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilePolicyInput, FilePolicyView } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys, queryPrefixes } from '../../../lib/query-keys';

/** Saves the tenant's own policy, or (without a body) goes back to the defaults. */
export function saveFilePolicy(body: FilePolicyInput | null): Promise<FilePolicyView> {
  return body
    ? apiRequest(apiData('file-policy'), { method: 'PUT', body })
    : apiRequest(apiData('file-policy'), { method: 'DELETE' });
}

export function useSaveFilePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFilePolicy,
    onSuccess: (policy) => queryClient.setQueryData(queryKeys.admin.filePolicy(), policy),
    // Upload areas show the allowed types and the limit (a unit's files carry them).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryPrefixes.files }),
  });
}
