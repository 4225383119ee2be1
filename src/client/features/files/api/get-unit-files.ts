import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitFiles } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const unitFilesQuery = (rootId: number, unitId: number) =>
  queryOptions({
    queryKey: queryKeys.files.unit(rootId, unitId),
    queryFn: () => apiRequest<UnitFiles>(`/api/file/${rootId}/${unitId}`),
    // A finished IFC conversion arrives as a live event (lib/live-updates), which reads this again.
  });

export const useUnitFiles = (rootId: number, unitId: number) => useQuery(unitFilesQuery(rootId, unitId));
