import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type UserFilters = {
  search: string;
  kind: '' | 'internal' | 'external';
  status: '' | 'active' | 'invited' | 'deactivated';
  signIn: '' | 'password' | 'company';
};

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The OData filter of the users list (search in name and e-mail address, and the three filters). */
export function usersFilter(f: UserFilters): string {
  const terms: string[] = [];
  const q = f.search.trim();
  if (q) terms.push(`(contains(name,${quote(q)}) or contains(login,${quote(q)}))`);
  if (f.kind) terms.push(`isInternal eq ${f.kind === 'internal'}`);
  if (f.status) terms.push(`status eq ${quote(f.status)}`);
  if (f.signIn) terms.push(`isExternalLogin eq ${f.signIn === 'company'}`);
  return terms.join(' and ');
}

export function getUsers(
  filters: UserFilters,
  page: number,
  pageSize: number,
): Promise<{ data: AdminUser[]; count: number }> {
  const params = new URLSearchParams({ $top: String(pageSize), $skip: String((page - 1) * pageSize), $count: 'true' });
  const filter = usersFilter(filters);
  if (filter) params.set('$filter', filter);
  return apiRequest(apiData(`tenant-users?${params.toString()}`));
}

export const usersQuery = (filters: UserFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.admin.users(filters, page, pageSize),
    queryFn: () => getUsers(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UserFilters, page: number, pageSize: number) {
  return useQuery(usersQuery(filters, page, pageSize));
}
