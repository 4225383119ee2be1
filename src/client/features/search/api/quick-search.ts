import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickSearchResponse } from '../../../../shared/schemas/search';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const quickSearchQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.search.quick(term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiRequest<QuickSearchResponse>(apiData(`quicksearch?${new URLSearchParams({ q: term })}`), { signal }),
  });

export function useQuickSearch(term: string) {
  return useQuery({ ...quickSearchQuery(term), enabled: term.length > 0 });
}
