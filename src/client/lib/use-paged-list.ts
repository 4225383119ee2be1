import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listPageSizes, useListPreferences, type ListView } from './list-preferences';
import { clampPage, readPaging, writePaging } from './paging';

export type PagedListOptions = {
  /** Remembers view and page size in localStorage under this key (spec §9, project and task lists). */
  storageKey?: string;
  pageSizes?: readonly number[];
  /** The size when neither the URL nor a stored preference names one. */
  defaultPageSize?: number;
  /** URL parameter prefix when a page shows two lists (`n-` gives `?n-page=2`). */
  prefix?: string;
};

export type PagedList = {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  view: ListView;
  setView: (view: ListView) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Replaces a page beyond the last one by the last one once the total is known. */
  clamp: (total: number) => void;
};

/**
 * The state of every list page: page and page size in the URL (`?page=`, `?size=`), the view
 * (table or grid) and, for lists with a `storageKey`, the stored page size.
 */
export function usePagedList({
  storageKey,
  pageSizes = listPageSizes,
  defaultPageSize = 20,
  prefix,
}: PagedListOptions = {}): PagedList {
  const [params, setParams] = useSearchParams();
  const prefs = useListPreferences(storageKey ?? 'unsaved');
  const fallbackSize = storageKey && pageSizes.includes(prefs.pageSize) ? prefs.pageSize : defaultPageSize;
  const { page, pageSize } = readPaging(params, { pageSizes, defaultPageSize: fallbackSize, prefix });
  // Written URLs leave out the list's own default size; a stored preference is read back without it.
  const options = useMemo(() => ({ defaultPageSize, prefix }), [defaultPageSize, prefix]);
  const storePageSize = prefs.setPageSize;

  const setPage = useCallback(
    (next: number) => setParams((current) => writePaging(current, { page: next }, options)),
    [setParams, options],
  );
  const setPageSize = useCallback(
    (size: number) => {
      if (storageKey) storePageSize(size);
      setParams((current) => writePaging(current, { page: 1, pageSize: size }, options));
    },
    [setParams, options, storageKey, storePageSize],
  );
  const clamp = useCallback(
    (total: number) => {
      const target = clampPage(page, total, pageSize);
      if (target !== page) setParams((current) => writePaging(current, { page: target }, options), { replace: true });
    },
    [page, pageSize, setParams, options],
  );

  return { page, pageSize, pageSizes, view: prefs.view, setView: prefs.setView, setPage, setPageSize, clamp };
}
