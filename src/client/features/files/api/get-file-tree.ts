import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileTreeNode } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const fileTreeQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.files.tree(rootId),
    queryFn: () => apiRequest<FileTreeNode>(`/api/file/projectFiles/${rootId}`),
  });

export const useFileTree = (rootId: number, enabled: boolean) => useQuery({ ...fileTreeQuery(rootId), enabled });
