import { z } from 'zod';
import { listQueryStringSchema, listResponse } from './list';

/** At most this many characters of a search term are used. */
export const searchTermMaxLength = 100;

/** Query string of `projectunitssearch`: the list options plus the search term. */
export const searchQueryStringSchema = listQueryStringSchema.extend({
  search: z.string().max(searchTermMaxLength).optional(),
});
export type SearchQueryString = z.infer<typeof searchQueryStringSchema>;

/** A search result (spec/projects-workflows.md §3 "Search item"). */
export const searchItemSchema = z.object({
  projectUnitID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  title: z.string(),
  projectUnitNo: z.string(),
  projectUnitType: z.string(),
  productType: z.string().nullable(),
  productTypeID: z.number().int().nullable(),
  productTypeBGColor: z.string().nullable(),
  productTypeTextColor: z.string().nullable(),
  plant: z.string().nullable(),
  plantID: z.number().int().nullable(),
  /** Semicolon-separated key=value pairs, e.g. `OrderNumber=4500012345`. */
  data: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResponseSchema = listResponse(searchItemSchema);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The value of one key in a search item's `data` (`OrderNumber=4711;Other=x`), or null. */
export function searchDataValue(data: string, key: string): string | null {
  for (const pair of data.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === key) return pair.slice(at + 1).trim() || null;
  }
  return null;
}

/** The quick search (Ctrl/⌘-K) for every user: a few projects, units and files matching a term. */
export const quickSearchQuerySchema = z.object({ q: z.string().min(1).max(searchTermMaxLength) });

export const quickSearchHitSchema = z.object({
  kind: z.enum(['project', 'unit', 'file']),
  /** The unit, or for a file the unit holding it. */
  projectUnitID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  title: z.string(),
  projectUnitNo: z.string(),
  /** Files: the file's id (the details page opens on its unit). */
  projectFileID: z.number().int().nullable(),
});
export type QuickSearchHit = z.infer<typeof quickSearchHitSchema>;
export const quickSearchResponseSchema = z.object({ data: z.array(quickSearchHitSchema) });
export type QuickSearchResponse = z.infer<typeof quickSearchResponseSchema>;
