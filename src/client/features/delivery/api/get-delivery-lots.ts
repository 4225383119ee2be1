import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryLotPage } from '../../../../shared/schemas/delivery';
import { literal, pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** The delivery-overview list: ordered by date ascending; past deliveries left out on request (`deliveryDate ge today`). */
export const deliveryLotsQuery = (rootId: number, page: number, pageSize: number, fromDay: string | null) =>
  queryOptions({
    queryKey: queryKeys.delivery.lots(rootId, page, pageSize, fromDay),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = pageParams(page, pageSize, {
        $orderby: 'deliveryDate asc',
        $filter: fromDay ? `deliveryDate ge ${literal(fromDay)}` : undefined,
      });
      return apiRequest<DeliveryLotPage>(apiData(`delivery-overview/${rootId}?${params}`), { signal });
    },
  });

export const useDeliveryLots = (rootId: number, page: number, pageSize: number, fromDay: string | null) =>
  useQuery(deliveryLotsQuery(rootId, page, pageSize, fromDay));
