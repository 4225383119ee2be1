import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type DashboardCounter = 'taskCount' | 'projectCount' | 'workflowCount';

/** A dashboard counter; null when the server does not offer it (404), so the tile shows "–". */
export async function getDashboardCount(counter: DashboardCounter, signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await apiRequest<{ count: number }>(apiData(`dashboard/${counter}`), { signal });
    return res.count;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const dashboardCountQuery = (counter: DashboardCounter) =>
  queryOptions({
    queryKey: queryKeys.dashboard.count(counter),
    queryFn: ({ signal }) => getDashboardCount(counter, signal),
    staleTime: 30_000,
  });

export function useDashboardCount(counter: DashboardCounter) {
  return useQuery(dashboardCountQuery(counter));
}
