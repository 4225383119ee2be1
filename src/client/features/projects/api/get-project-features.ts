import { queryOptions } from '@tanstack/react-query';
import type { Features } from '../../../../shared/rules/features';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** Feature flags of the project's tenant. */
export const projectFeaturesQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.features(rootId),
    queryFn: async () => (await apiRequest<{ features: Features }>(apiData(`projects/${rootId}/features`))).features,
    staleTime: 5 * 60_000,
  });
