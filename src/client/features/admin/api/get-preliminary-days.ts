import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant, PreliminaryDays, ProductType } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type PreliminaryDaysRow = PreliminaryDays & { plantName: string; productTypeTitle: string };

/** Plants, product types and records in one table, sorted by plant name, then product type title. */
export async function getPreliminaryDaysRows(): Promise<PreliminaryDaysRow[]> {
  const [plants, types, days] = await Promise.all([
    apiRequest<{ data: Plant[] }>(apiData('plants')),
    apiRequest<{ data: ProductType[] }>(apiData('producttypes')),
    apiRequest<{ data: PreliminaryDays[] }>(apiData('productplantpreliminarydays')),
  ]);
  const plantName = new Map(plants.data.map((p) => [p.plantID, p.name]));
  const typeTitle = new Map(types.data.map((p) => [p.productTypeID, p.title]));
  return days.data
    .map((d) => ({
      ...d,
      plantName: plantName.get(d.plantID) ?? '',
      productTypeTitle: typeTitle.get(d.productTypeID) ?? '',
    }))
    .sort((a, b) => a.plantName.localeCompare(b.plantName) || a.productTypeTitle.localeCompare(b.productTypeTitle));
}

export function usePreliminaryDaysRows() {
  return useQuery(queryOptions({ queryKey: queryKeys.admin.preliminaryDays(), queryFn: getPreliminaryDaysRows }));
}
