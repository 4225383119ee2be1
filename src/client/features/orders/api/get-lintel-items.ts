import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LintelOrderItem } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const lintelItemsKey = (unitId: number) => ['orders', 'lintel-items', unitId] as const;

export function getLintelItems(unitId: number): Promise<{ data: LintelOrderItem[]; canEdit: boolean }> {
  return apiRequest(apiData(`lintelorderlotitems?projectUnitID=${unitId}`));
}

export const lintelItemsQuery = (unitId: number) =>
  queryOptions({ queryKey: lintelItemsKey(unitId), queryFn: () => getLintelItems(unitId) });

export function useLintelItems(unitId: number) {
  return useQuery(lintelItemsQuery(unitId));
}
