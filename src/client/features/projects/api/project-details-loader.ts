import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { isFeatureOn, type Features } from '../../../../shared/rules/features';
import type { ProjectUnit } from '../../../../shared/schemas/projects';
import { nextTask } from '../../../lib/next-task';
import { readPaging } from '../../../lib/paging';
import { CHILD_PAGE_SIZE, childUnitsQuery } from './get-child-units';
import { membersQuery } from './get-members';
import { tenantInfoQuery } from './get-tenant-info';
import { projectKeys, unitQuery } from './get-unit';
import { addressQuery, contactQuery } from './site-data';
import { productTypesQuery } from './product-types';
import { unitActionsQuery, unitTasksQuery } from './unit-workflow';

/** The root unit and the unit shown (the root itself without a unit id) of a details address. */
export function detailsIds(params: { rootUnitId?: string; unitId?: string }) {
  const rootId = Number(params.rootUnitId);
  return { rootId, unitId: params.unitId ? Number(params.unitId) : rootId };
}

/**
 * Starts loading what the page shows (the unit, whose answer brings its path and the project's
 * features; members; the unit's task, actions, product types and first page of children; once the
 * unit is known, the project's site address and contact and the tenant's information) in parallel
 * before the page renders, beside the page's code (this module stays small, so the router holds
 * it): its parts arrive together instead of each after the one it sits in, and the page does not
 * grow piece by piece. The requests leave in a task after the router's own (on a page's first load
 * the two together would hold the main thread in one long task).
 */
export function projectDetailsLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { rootId, unitId } = detailsIds(params);
    if (!Number.isInteger(rootId) || !Number.isInteger(unitId)) return null;
    await nextTask();
    void queryClient.prefetchQuery(unitQuery(unitId)).then(() => prefetchSiteParts(queryClient, unitId, rootId));
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

/** The side cards' data, known from the unit's answer: the root's site address and contact, the tenant's information. */
function prefetchSiteParts(queryClient: QueryClient, unitId: number, rootId: number): void {
  const root = queryClient.getQueryData<ProjectUnit[]>(projectKeys.path(unitId))?.[0];
  if (root?.siteAddressID != null) void queryClient.prefetchQuery(addressQuery(root.siteAddressID));
  if (root?.siteContactID != null) void queryClient.prefetchQuery(contactQuery(root.siteContactID));
  const features = queryClient.getQueryData<Features>(projectKeys.features(rootId));
  if (features && isFeatureOn(features, 'ShowTenantInfo')) void queryClient.prefetchQuery(tenantInfoQuery(rootId));
}
