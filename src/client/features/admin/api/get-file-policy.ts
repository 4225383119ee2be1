import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilePolicyView } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const getFilePolicy = () => apiRequest<FilePolicyView>(apiData('file-policy'));

export const filePolicyQuery = () => queryOptions({ queryKey: queryKeys.admin.filePolicy(), queryFn: getFilePolicy });

export function useFilePolicy() {
  return useQuery(filePolicyQuery());
}
