import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitFiles } from '../../../../shared/schemas/files';
import { apiRequest } from '../../../lib/api-client';
import { fileKeys } from './keys';

export const unitFilesQuery = (rootId: number, unitId: number) =>
  queryOptions({
    queryKey: fileKeys.unit(rootId, unitId),
    queryFn: () => apiRequest<UnitFiles>(`/api/file/${rootId}/${unitId}`),
    // While an IFC model is prepared for the 3D view, its status is asked for again.
    refetchInterval: (q) =>
      q.state.data?.data.some((f) =>
        f.versions.some((v) => v.conversion?.status === 'queued' || v.conversion?.status === 'converting'),
      )
        ? 4000
        : false,
  });

export const useUnitFiles = (rootId: number, unitId: number) => useQuery(unitFilesQuery(rootId, unitId));
