import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelTreeResponse } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET api/view/{unitId}/{unitId}.json`; a project without a model answers 404 (no retry). */
export const modelTreeQuery = (unitId: number) =>
  queryOptions({
    queryKey: queryKeys.delivery.tree(unitId),
    queryFn: () => apiRequest<ModelTreeResponse>(`/api/view/${unitId}/${unitId}.json`),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export const useModelTree = (unitId: number) => useQuery(modelTreeQuery(unitId));
