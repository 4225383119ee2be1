import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryOverviewInfo } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { deliveryKeys } from './get-delivery-lots';

/** Polled while the project's model is still being converted for the 3D view. */
export const overviewInfoQuery = (rootId: number) =>
  queryOptions({
    queryKey: deliveryKeys.info(rootId),
    queryFn: () => apiRequest<DeliveryOverviewInfo>(apiData(`delivery-overview/${rootId}/info`)),
    refetchInterval: (query) => {
      const status = query.state.data?.model?.conversion.status;
      return status === 'queued' || status === 'converting' ? 3000 : false;
    },
  });

export const useOverviewInfo = (rootId: number) => useQuery(overviewInfoQuery(rootId));

/** The converted model the overview shows (one URL per file version, so the browser may cache it). */
export const overviewModelUrl = (rootId: number, versionId: number) =>
  apiData(`delivery-overview/${rootId}/model/${versionId}`);
