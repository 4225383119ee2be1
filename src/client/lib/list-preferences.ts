import { useLocalStorage } from '@mantine/hooks';

export type ListView = 'table' | 'grid';

/** Page sizes of the task and project lists (spec §9), default 20. */
export const listPageSizes = [10, 20, 50];
const DEFAULT_PAGE_SIZE = 20;

/** Narrower than a tablet (Mantine's `sm` breakpoint, 48em). */
function narrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 47.99em)').matches;
}

/**
 * The view (table or grid) and page size of a list, kept in localStorage per list
 * (spec §9: stored locally, defaults table — cards on a phone — and 20).
 */
export function useListPreferences(listKey: string) {
  const [view, setView] = useLocalStorage<ListView>({
    key: `planport.${listKey}.view`,
    // Below the tablet width a table would cut the project text: lists start as cards there.
    defaultValue: narrowScreen() ? 'grid' : 'table',
    getInitialValueInEffect: false,
    deserialize: (v) => (v === '"grid"' || v === 'grid' ? 'grid' : 'table'),
  });
  const [pageSize, setPageSize] = useLocalStorage<number>({
    key: `planport.${listKey}.pageSize`,
    defaultValue: DEFAULT_PAGE_SIZE,
    getInitialValueInEffect: false,
    deserialize: (v) => {
      const n = Number(v);
      return listPageSizes.includes(n) ? n : DEFAULT_PAGE_SIZE;
    },
  });
  return { view, setView, pageSize, setPageSize };
}
