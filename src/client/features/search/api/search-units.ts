import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../shared/schemas/search';
import { pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** One page of `projectunitssearch` for a term, most relevant first (exact number first). */
export const searchUnitsQuery = (term: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.search.units(term, page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = pageParams(page, pageSize, { search: term });
      return apiRequest<SearchResponse>(apiData(`projectunitssearch?${params}`), { signal });
    },
  });

/** Runs only with a term: an empty search shows the hint, not every unit. */
export function useSearchUnits(term: string, page: number, pageSize: number) {
  return useQuery({ ...searchUnitsQuery(term, page, pageSize), enabled: term.length > 0 });
}
