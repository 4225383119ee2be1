import type { QuickSearchResponse, SearchQueryString, SearchResponse } from '../../../shared/schemas/search';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import { AppError } from '../../../shared/errors';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { createLimiter, type Limiter } from '../../platform/limiter';
import { parseListQuery, type ListResource } from '../../platform/list-query';
import { quickFiles, quickUnits, searchPage } from './repository';

/** Fields of `projectunitssearch` that `$filter` and `$orderby` may name; `rank` is the relevance. */
export const searchResource: ListResource = {
  fields: {
    projectUnitID: { column: 's.project_unit_id', type: 'number' },
    rootProjectUnitID: { column: 's.root_project_unit_id', type: 'number' },
    projectUnitNo: { column: 's.project_unit_no', type: 'text' },
    title: { column: 's.title', type: 'text' },
    projectUnitType: { column: 's.project_unit_type', type: 'text' },
    productTypeID: { column: 's.product_type_id', type: 'number', sortable: false },
    plantID: { column: 's.plant_id', type: 'number', sortable: false },
    rank: { column: 'rank', type: 'number', filterable: false },
  },
  defaultOrder: [
    { field: 'rank', direction: 'desc' },
    { field: 'projectUnitNo', direction: 'asc' },
  ],
  tieBreaker: 's.project_unit_id',
  defaultTop: 20,
  maxTop: 50,
};

/** Searches waiting beyond this many are refused (429) rather than queued. */
const SEARCH_QUEUE_LIMIT = 256;

/**
 * Searches of one application run at most `config.searchConcurrency` at once, in order of arrival:
 * a common term reads thousands of rows, so a burst of them would otherwise take every database
 * connection and core at once, slow each other down and leave page loads waiting behind them.
 * The limit of `ctx.limits.search`, built once per application in `buildApp`.
 */
export const searchLimiter = (config: ServiceContext['config']): Limiter =>
  createLimiter({
    concurrency: config.searchConcurrency,
    queueLimit: SEARCH_QUEUE_LIMIT,
    full: () => new AppError('TooManyAttempts', 'ERRORMESSAGES.SearchBusy', { 'Retry-After': '1' }),
  });

/**
 * The search page's list (spec §7 `projectunitssearch`): units the user may read that match the
 * term, through the list contract. Only for tenants with the AdvancedSearch feature (else 404).
 */
export async function searchUnits(
  ctx: ServiceContext,
  user: SessionUser,
  query: SearchQueryString,
): Promise<SearchResponse> {
  await requireAccess(ctx.db, user, { permission: 'search.advanced' });
  const list = parseListQuery(searchResource, query);
  const { rows, count } = await ctx.limits.search(() => searchPage(ctx.db, user, query.search ?? '', list));
  return {
    data: rows.map((r) => ({
      projectUnitID: r.project_unit_id,
      rootProjectUnitID: r.root_project_unit_id,
      title: r.title,
      projectUnitNo: r.project_unit_no,
      projectUnitType: r.project_unit_type,
      productType:
        r.product_type === null
          ? null
          : textInLanguage(
              r.product_type_by_language,
              user.language,
              r.product_type_tenant_language ?? '',
              r.product_type,
            ),
      productTypeID: r.product_type_id,
      productTypeBGColor: r.bg_color,
      productTypeTextColor: r.text_color,
      plant:
        r.plant === null
          ? null
          : textInLanguage(r.plant_by_language, user.language, r.plant_tenant_language ?? '', r.plant),
      plantID: r.plant_id,
      data: r.order_numbers ? `OrderNumber=${r.order_numbers}` : '',
    })),
    count,
  };
}

const QUICK_LIMIT = 5;

/**
 * The quick search (Ctrl/⌘-K) for every user: the best few readable projects, units and files.
 * Readability is part of each query, so nothing else is checked here.
 */
export async function quickSearch(ctx: ServiceContext, user: SessionUser, term: string): Promise<QuickSearchResponse> {
  const [found, files] = await ctx.limits.search(() =>
    Promise.all([quickUnits(ctx.db, user, term, QUICK_LIMIT), quickFiles(ctx.db, user, term, QUICK_LIMIT)]),
  );
  const projects = found.filter((r) => r.is_root);
  const units = found.filter((r) => !r.is_root);
  return {
    data: [
      ...projects.map((r) => ({
        kind: 'project' as const,
        projectUnitID: r.project_unit_id,
        rootProjectUnitID: r.root_project_unit_id,
        title: r.title,
        projectUnitNo: r.project_unit_no,
        projectFileID: null,
      })),
      ...units.map((r) => ({
        kind: 'unit' as const,
        projectUnitID: r.project_unit_id,
        rootProjectUnitID: r.root_project_unit_id,
        title: r.title,
        projectUnitNo: r.project_unit_no,
        projectFileID: null,
      })),
      ...files.map((r) => ({
        kind: 'file' as const,
        projectUnitID: r.project_unit_id,
        rootProjectUnitID: r.root_project_unit_id,
        title: r.name,
        projectUnitNo: r.project_unit_no,
        projectFileID: r.project_file_id,
      })),
    ],
  };
}
