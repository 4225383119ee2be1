import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '../../../../shared/schemas/storage-usage';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const storageUsageKey = ['admin', 'file-policy', 'usage'] as const;

export const getStorageUsage = () => apiRequest<StorageUsage>(apiData('file-policy/usage'));

export const storageUsageQuery = () => queryOptions({ queryKey: storageUsageKey, queryFn: getStorageUsage });

export function useStorageUsage() {
  return useQuery(storageUsageQuery());
}
