import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutlookEntry, OutlookFigures, OutlookVolumes } from '../../../../shared/schemas/outlook';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys, queryPrefixes } from '../../../lib/query-keys';

export type OutlookFilter = {
  material: 'aac' | 'lintel';
  salesOrgId?: number;
  plantId?: number;
  productTypeId?: number;
  stateKey?: string;
};

/** The filter as a query string, leaving out what is not set. */
export function filterQuery(filter: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export function useOutlookVolumes(filter: OutlookFilter) {
  return useQuery({
    queryKey: queryKeys.outlook.volumes(filter),
    queryFn: ({ signal }) => apiRequest<OutlookVolumes>(apiData(`outlook/volumes?${filterQuery(filter)}`), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOutlookFigures(filter: Omit<OutlookFilter, 'material'>) {
  return useQuery({
    queryKey: queryKeys.outlook.figures(filter),
    queryFn: ({ signal }) => apiRequest<OutlookFigures>(apiData(`outlook/figures?${filterQuery(filter)}`), { signal }),
    placeholderData: keepPreviousData,
  });
}

export type Column = { week: string; isoWeek: string; plantId: number | null; plantName: string };

export function useOutlookEntries(filter: OutlookFilter, column: Column | null) {
  return useQuery({
    queryKey: queryKeys.outlook.entries(filter, column),
    enabled: column !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: OutlookEntry[] }>(
        apiData(`outlook/entries?${filterQuery({ ...filter, week: column?.week, plant: column?.plantId ?? 'none' })}`),
        { signal },
      ),
  });
}

export function useOutlookOptions() {
  return useQuery({
    queryKey: queryKeys.outlook.options(),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const [plants, types, orgs] = await Promise.all([
        apiRequest<{ data: { plantID: number; name: string }[] }>(apiData('plants'), { signal }),
        apiRequest<{ data: { productTypeID: number; title: string }[] }>(apiData('producttypes'), { signal }),
        apiRequest<{ data: { salesOrgID: number; title: string }[] }>(apiData('salesorganisations'), { signal }),
      ]);
      return {
        plants: plants.data.map((p) => ({ value: String(p.plantID), label: p.name })),
        productTypes: types.data.map((p) => ({ value: String(p.productTypeID), label: p.title })),
        salesOrgs: orgs.data.map((o) => ({ value: String(o.salesOrgID), label: o.title })),
      };
    },
  });
}

export type PlantCapacity = { plantId: number; name: string; weeklyCapacity: number | null };

export function usePlantCapacities(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.outlook.capacities(),
    enabled,
    queryFn: ({ signal }) => apiRequest<PlantCapacity[]>(apiData('outlook/plants'), { signal }),
  });
}

export function useSavePlantCapacity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { plantId: number; weeklyCapacity: number | null }) =>
      apiRequest<PlantCapacity>(apiData(`outlook/plants/${input.plantId}`), {
        method: 'PUT',
        body: { weeklyCapacity: input.weeklyCapacity },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryPrefixes.outlook }),
  });
}
