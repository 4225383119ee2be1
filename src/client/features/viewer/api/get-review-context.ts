import { useQuery } from '@tanstack/react-query';
import type { UnitFiles } from '../../../../shared/schemas/files';
import type { Member, ProjectUnitDetail } from '../../../../shared/schemas/projects';
import type { UnitActions } from '../../../../shared/schemas/workflow';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** The unit under review (title, state). */
export const useReviewUnit = (unitId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.unit(unitId),
    queryFn: () => apiRequest<ProjectUnitDetail>(apiData(`projects/${unitId}`)),
  });

/** The unit's files; IFC versions carry their conversion status (read again on the live event of a finished one). */
export const useReviewFiles = (rootId: number, unitId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.files(rootId, unitId),
    queryFn: () => apiRequest<UnitFiles>(`/api/file/${rootId}/${unitId}`),
  });

export const useReviewMembers = (rootId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.members(rootId),
    queryFn: async () => (await apiRequest<{ data: Member[] }>(apiData(`projects/${rootId}/members`))).data,
  });

/** The workflow actions of the unit for the signed-in user (holder, guards evaluated). */
export const useReviewActions = (unitId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.actions(unitId),
    queryFn: () => apiRequest<UnitActions>(apiData(`projectunitstates/${unitId}/actions`)),
  });
