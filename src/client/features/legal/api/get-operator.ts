import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Operator } from '../../../../shared/schemas/legal';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const operatorQuery = () =>
  queryOptions({
    queryKey: queryKeys.legal.operator(),
    queryFn: () => apiRequest<Operator>('/api/legal/operator'),
    staleTime: Infinity,
  });

export function useOperator() {
  return useQuery(operatorQuery());
}
