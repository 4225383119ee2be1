import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '../../../../shared/schemas/storage-usage';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const getStorageUsage = () => apiRequest<StorageUsage>(apiData('file-policy/usage'));

export const storageUsageQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.storageUsage(), queryFn: getStorageUsage });

export function useStorageUsage() {
  return useQuery(storageUsageQuery());
}
