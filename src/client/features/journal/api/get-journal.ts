import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalPage } from '../../../../shared/schemas/journal';
import { and, contains, inList, pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type JournalFilter = { name: string; number: string; types: string[]; user: string };

/** The OData `$filter` of the journal filters, joined with AND (empty fields are left out). */
export function journalFilter(f: JournalFilter): string | undefined {
  return and(
    f.name.trim() && contains('projectUnitName', f.name.trim()),
    f.number.trim() && contains('projectUnitNo', f.number.trim()),
    f.types.length > 0 && inList('projectUnitType', f.types),
    f.user.trim() && contains('userEmail', f.user.trim()),
  );
}

export const journalQuery = (rootId: number, page: number, pageSize: number, filter: JournalFilter) =>
  queryOptions({
    queryKey: queryKeys.journal.page(rootId, page, pageSize, filter),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = pageParams(page, pageSize, { $filter: journalFilter(filter) });
      return apiRequest<JournalPage>(apiData(`project-unit-journal/${rootId}?${params}`), { signal });
    },
  });

export function useJournal(rootId: number, page: number, pageSize: number, filter: JournalFilter) {
  return useQuery(journalQuery(rootId, page, pageSize, filter));
}
