import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryOverviewInfo } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** Read again when a live event says the project's model finished converting (lib/live-updates). */
export const overviewInfoQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.delivery.info(rootId),
    queryFn: () => apiRequest<DeliveryOverviewInfo>(apiData(`delivery-overview/${rootId}/info`)),
  });

export const useOverviewInfo = (rootId: number) => useQuery(overviewInfoQuery(rootId));

/** The converted model the overview shows (one URL per file version, so the browser may cache it). */
export const overviewModelUrl = (rootId: number, versionId: number) =>
  apiData(`delivery-overview/${rootId}/model/${versionId}`);
