import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ProductTypeAssignmentInput,
  ProductTypeAssignments,
} from '../../../../shared/schemas/product-type-assignment';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

const path = (unitId: number) => apiData(`projects/${unitId}/product-type-assignments`);

/** The unit's product-type assignments and plants, with the choices for internal users. */
export const productTypesQuery = (unitId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.productTypes(unitId),
    queryFn: () => apiRequest<ProductTypeAssignments>(path(unitId)),
  });

export const useProductTypes = (unitId: number) => useQuery(productTypesQuery(unitId));

type Change =
  | { kind: 'add'; input: ProductTypeAssignmentInput }
  | { kind: 'change'; id: number; input: ProductTypeAssignmentInput }
  | { kind: 'remove'; id: number };

/**
 * Adds, changes or removes an assignment; the answer is the new list. The unit's actions may depend
 * on it (a guard asks for an assignment), and the search finds units by product type and order number.
 */
export function useChangeProductTypes(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'add'
        ? apiRequest<ProductTypeAssignments>(path(unitId), { method: 'POST', body: change.input })
        : change.kind === 'change'
          ? apiRequest<ProductTypeAssignments>(`${path(unitId)}/${change.id}`, { method: 'PUT', body: change.input })
          : apiRequest<ProductTypeAssignments>(`${path(unitId)}/${change.id}`, { method: 'DELETE' }),
    onSuccess: async (data) => {
      queryClient.setQueryData(queryKeys.projects.productTypes(unitId), data);
      await invalidateKeys(queryClient, [
        queryKeys.projects.workflowActions(unitId),
        queryKeys.viewer.actions(unitId),
        queryPrefixes.search,
      ]);
    },
  });
}
