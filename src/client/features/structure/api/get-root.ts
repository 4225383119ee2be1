import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** The root unit for the editor's heading (same key as the details page, so it is shared from the cache). */
export const rootUnitQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.unit(rootId),
    queryFn: () => apiRequest<ProjectUnitDetail>(apiData(`projects/${rootId}`)),
  });

export const useRootUnit = (rootId: number) => useQuery(rootUnitQuery(rootId));
