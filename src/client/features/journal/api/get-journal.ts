import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalPage } from '../../../../shared/schemas/journal';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export type JournalFilter = { name: string; number: string; types: string[]; user: string };

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The OData `$filter` of the journal filters, joined with AND (empty fields are left out). */
export function journalFilter(f: JournalFilter): string | undefined {
  const parts: string[] = [];
  if (f.name.trim()) parts.push(`contains(projectUnitName,${quote(f.name.trim())})`);
  if (f.number.trim()) parts.push(`contains(projectUnitNo,${quote(f.number.trim())})`);
  if (f.types.length > 0) parts.push(`projectUnitType in (${f.types.map(quote).join(',')})`);
  if (f.user.trim()) parts.push(`contains(userEmail,${quote(f.user.trim())})`);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

export const journalQuery = (rootId: number, page: number, pageSize: number, filter: JournalFilter) =>
  queryOptions({
    queryKey: ['journal', rootId, page, pageSize, filter],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        $top: String(pageSize),
        $skip: String((page - 1) * pageSize),
        $count: 'true',
      });
      const f = journalFilter(filter);
      if (f) params.set('$filter', f);
      return apiRequest<JournalPage>(apiData(`project-unit-journal/${rootId}?${params}`), { signal });
    },
  });

export function useJournal(rootId: number, page: number, pageSize: number, filter: JournalFilter) {
  return useQuery(journalQuery(rootId, page, pageSize, filter));
}
