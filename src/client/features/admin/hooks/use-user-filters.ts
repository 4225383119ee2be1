import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { UserFilters } from '../api/get-users';

export type ListFilters = Omit<UserFilters, 'search'>;

/**
 * The filters of the users list: the search text as typed and, 300 ms after the last key, as
 * asked for; kind, status and sign-in. Every change goes back to the first page.
 */
export function useUserFilters(setPage: (page: number) => void) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<ListFilters>({ kind: '', status: '', signIn: '' });

  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const setFilter = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const query: UserFilters = { ...filters, search: debounced };
  return { search, setSearch, filters, setFilter, query };
}
