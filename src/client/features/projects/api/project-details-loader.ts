import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { isFeatureOn, type Features } from '../../../../shared/rules/features';
import type { ProjectUnit } from '../../../../shared/schemas/projects';
import { eachInOwnTask, nextTask } from '../../../lib/next-task';
import { readPaging } from '../../../lib/paging';
import { queryKeys } from '../../../lib/query-keys';
import { CHILD_PAGE_SIZE, childUnitsQuery } from './get-child-units';
import { membersQuery } from './get-members';
import { tenantInfoQuery } from './get-tenant-info';
import { unitQuery } from './get-unit';
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
 * the two together would hold the main thread in one long task), each in a task of its own; the
 * loader returns once all have left, so the app's wait for the page's data sees every one.
 */
export function projectDetailsLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { rootId, unitId } = detailsIds(params);
    if (!Number.isInteger(rootId) || !Number.isInteger(unitId)) return null;
    const { page } = readPaging(new URL(request.url).searchParams, {
      pageSizes: [CHILD_PAGE_SIZE],
      defaultPageSize: CHILD_PAGE_SIZE,
      prefix: 'units-',
    });
    await nextTask();
    // What the phone's first screen shows first: the unit (with the page's data it is there at
    // once), its task and actions, then its children and the side cards.
    await eachInOwnTask([
      () => queryClient.prefetchQuery(unitQuery(unitId)).then(() => prefetchSiteParts(queryClient, unitId, rootId)),
      () => queryClient.prefetchQuery(unitTasksQuery(unitId)),
      () => queryClient.prefetchQuery(unitActionsQuery(unitId)),
      () => queryClient.prefetchQuery(childUnitsQuery(unitId, page)),
      () => unitId !== rootId && queryClient.prefetchQuery(unitQuery(rootId)),
      () => queryClient.prefetchQuery(membersQuery(rootId)),
      () => queryClient.prefetchQuery(productTypesQuery(unitId)),
    ]);
    return null;
  };
}

/** The side cards' data, known from the unit's answer: the root's site address and contact, the tenant's information. */
function prefetchSiteParts(queryClient: QueryClient, unitId: number, rootId: number): void {
  const root = queryClient.getQueryData<ProjectUnit[]>(queryKeys.projects.path(unitId))?.[0];
  const features = queryClient.getQueryData<Features>(queryKeys.projects.features(rootId));
  void eachInOwnTask([
    () => root?.siteAddressID != null && queryClient.prefetchQuery(addressQuery(root.siteAddressID)),
    () => root?.siteContactID != null && queryClient.prefetchQuery(contactQuery(root.siteContactID)),
    () => features && isFeatureOn(features, 'ShowTenantInfo') && queryClient.prefetchQuery(tenantInfoQuery(rootId)),
  ]);
}
