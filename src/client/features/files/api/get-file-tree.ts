import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileTreeNode } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { fileKeys } from './keys';

export const fileTreeQuery = (rootId: number) =>
  queryOptions({
    queryKey: fileKeys.tree(rootId),
    queryFn: () => apiRequest<FileTreeNode>(`/api/file/projectFiles/${rootId}`),
  });

export const useFileTree = (rootId: number, enabled: boolean) => useQuery({ ...fileTreeQuery(rootId), enabled });
