import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalLotContext, Material } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const materialsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.materials(id),
    queryFn: () => apiRequest<Material[]>(`/api/materials/${id}`),
  });

export const useMaterials = (id: number, enabled: boolean) => useQuery({ ...materialsQuery(id), enabled });

/** Earliest delivery date, sibling volumes and material types for an approval lot under a parent. */
export const lotContextQuery = (parentId: number, excludeUnitId?: number) =>
  queryOptions({
    queryKey: queryKeys.projects.lotContext(parentId, excludeUnitId),
    queryFn: () =>
      apiRequest<ApprovalLotContext>(
        apiData(`projects/${parentId}/approval-lot-context${excludeUnitId ? `?excludeUnitId=${excludeUnitId}` : ''}`),
      ),
    staleTime: 0,
  });

export const useLotContext = (parentId: number | null, excludeUnitId: number | undefined, enabled: boolean) =>
  useQuery({ ...lotContextQuery(parentId ?? 0, excludeUnitId), enabled: enabled && parentId !== null });
