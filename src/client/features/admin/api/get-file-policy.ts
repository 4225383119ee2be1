import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilePolicyView } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const filePolicyKey = ['admin', 'file-policy'] as const;

export const getFilePolicy = () => apiRequest<FilePolicyView>(apiData('file-policy'));

export const filePolicyQuery = () => queryOptions({ queryKey: filePolicyKey, queryFn: getFilePolicy });

export function useFilePolicy() {
  return useQuery(filePolicyQuery());
}
