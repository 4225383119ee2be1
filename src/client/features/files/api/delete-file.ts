import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fileKeys } from './keys';

export const deleteFile = (rootId: number, unitId: number, fileId: number) =>
  apiRequest<void>(`/api/file/${rootId}/${unitId}/${fileId}`, { method: 'DELETE' });

export function useDeleteFile(rootId: number, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => deleteFile(rootId, unitId, fileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
