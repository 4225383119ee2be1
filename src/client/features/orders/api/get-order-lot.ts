import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** The order lot itself (type, number, title, state) from the project-unit resource. */
export function getOrderLot(unitId: number): Promise<ProjectUnitDetail> {
  return apiRequest(apiData(`projects/${unitId}`));
}

export const orderLotQuery = (unitId: number) =>
  queryOptions({ queryKey: queryKeys.orders.lot(unitId), queryFn: () => getOrderLot(unitId) });

export function useOrderLot(unitId: number) {
  return useQuery(orderLotQuery(unitId));
}
