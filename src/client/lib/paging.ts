/**
 * Paging of every list page, as pure functions of the URL: `?page=` (1-based, omitted on page 1)
 * and `?size=` (omitted when it is the list's default). Lists with two tables on one page use a
 * prefix (`n-page`, `w-size`).
 */
export type PagingOptions = {
  /** Page sizes offered by the list; a size in the URL outside them is ignored. */
  pageSizes: readonly number[];
  /** The size when the URL names none (the stored preference or the list's default). */
  defaultPageSize: number;
  prefix?: string;
};

const names = (prefix = '') => ({ page: `${prefix}page`, size: `${prefix}size` });

/** Page and page size named by the URL; anything unusable falls back to page 1 / the default. */
export function readPaging(params: URLSearchParams, options: PagingOptions): { page: number; pageSize: number } {
  const n = names(options.prefix);
  const page = Number(params.get(n.page));
  const size = Number(params.get(n.size));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: options.pageSizes.includes(size) ? size : options.defaultPageSize,
  };
}

/** The URL parameters after a change of page and/or size; other parameters are kept. */
export function writePaging(
  params: URLSearchParams,
  change: { page?: number; pageSize?: number },
  options: Pick<PagingOptions, 'defaultPageSize' | 'prefix'>,
): URLSearchParams {
  const n = names(options.prefix);
  const next = new URLSearchParams(params);
  if (change.page !== undefined) {
    if (change.page <= 1) next.delete(n.page);
    else next.set(n.page, String(change.page));
  }
  if (change.pageSize !== undefined) {
    if (change.pageSize === options.defaultPageSize) next.delete(n.size);
    else next.set(n.size, String(change.pageSize));
  }
  return next;
}

/** Number of pages for a total (at least 1, so an empty list has page 1). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The page to show: a page beyond the last one becomes the last one (`?page=99` of 28 entries). */
export const clampPage = (page: number, total: number, pageSize: number): number =>
  Math.min(Math.max(1, page), pageCount(total, pageSize));
