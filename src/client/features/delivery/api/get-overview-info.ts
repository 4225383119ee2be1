import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryOverviewInfo } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { deliveryKeys } from './get-delivery-lots';

export const overviewInfoQuery = (rootId: number) =>
  queryOptions({
    queryKey: deliveryKeys.info(rootId),
    queryFn: () => apiRequest<DeliveryOverviewInfo>(apiData(`delivery-overview/${rootId}/info`)),
  });

export const useOverviewInfo = (rootId: number) => useQuery(overviewInfoQuery(rootId));
