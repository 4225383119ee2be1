import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AacOrderItem } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const aacItemsKey = (unitId: number) => ['orders', 'aac-items', unitId] as const;

export function getAacItems(unitId: number): Promise<{ data: AacOrderItem[]; canEdit: boolean }> {
  return apiRequest(apiData(`aacorderlotitems?projectUnitID=${unitId}`));
}

export const aacItemsQuery = (unitId: number) =>
  queryOptions({ queryKey: aacItemsKey(unitId), queryFn: () => getAacItems(unitId) });

export function useAacItems(unitId: number) {
  return useQuery(aacItemsQuery(unitId));
}
