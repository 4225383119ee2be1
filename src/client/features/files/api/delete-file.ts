import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const deleteFile = (rootId: number, unitId: number, fileId: number) =>
  apiRequest<void>(`/api/file/${rootId}/${unitId}/${fileId}`, { method: 'DELETE' });

/**
 * Deletes a file with all its versions. No live event tells of it: the lists that show the file
 * (the unit's, the review's, the structure editor's models, the delivery overview's model, the
 * quick search, a folder's delete warning) and the journal line are read again here.
 */
export function useDeleteFile(rootId: number, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => deleteFile(rootId, unitId, fileId),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryPrefixes.files,
        queryKeys.viewer.files(rootId, unitId),
        queryKeys.structure.ifcFiles(rootId),
        queryKeys.delivery.info(rootId),
        queryPrefixes.search,
        queryKeys.projects.unit(unitId),
        queryKeys.journal.ofProject(rootId),
      ]),
  });
}
