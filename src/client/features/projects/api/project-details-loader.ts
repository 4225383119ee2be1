import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { readPaging } from '../../../lib/paging';
import { CHILD_PAGE_SIZE, childUnitsQuery } from './get-child-units';
import { membersQuery } from './get-members';
import { unitQuery } from './get-unit';
import { productTypesQuery } from './product-types';
import { unitActionsQuery, unitTasksQuery } from './unit-workflow';

/** The root unit and the unit shown (the root itself without a unit id) of a details address. */
export function detailsIds(params: { rootUnitId?: string; unitId?: string }) {
  const rootId = Number(params.rootUnitId);
  return { rootId, unitId: params.unitId ? Number(params.unitId) : rootId };
}

/**
 * Starts loading what the page shows (the unit, whose answer brings its path and the project's
 * features; members; the unit's task, actions,
 * product types and first page of children) in parallel before the page renders, beside the
 * page's code (this module stays small, so the router holds it): its parts arrive together
 * instead of each after the one it sits in, and the page does not grow piece by piece.
 */
export function projectDetailsLoader(queryClient: QueryClient) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const { rootId, unitId } = detailsIds(params);
    if (!Number.isInteger(rootId) || !Number.isInteger(unitId)) return null;
    void queryClient.prefetchQuery(unitQuery(unitId));
    void queryClient.prefetchQuery(membersQuery(rootId));
    if (unitId !== rootId) void queryClient.prefetchQuery(unitQuery(rootId));
    void queryClient.prefetchQuery(unitTasksQuery(unitId));
    void queryClient.prefetchQuery(unitActionsQuery(unitId));
    void queryClient.prefetchQuery(productTypesQuery(unitId));
    const { page } = readPaging(new URL(request.url).searchParams, {
      pageSizes: [CHILD_PAGE_SIZE],
      defaultPageSize: CHILD_PAGE_SIZE,
      prefix: 'units-',
    });
    void queryClient.prefetchQuery(childUnitsQuery(unitId, page));
    return null;
  };
}
