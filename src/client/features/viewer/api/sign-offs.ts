import { useQuery } from '@tanstack/react-query';
import type { SignOffs } from '../../../../shared/schemas/review';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { viewerBase } from './keys';

/** The unit's sign-off records (approvals), newest first. */
export const useSignOffs = (rootId: number, unitId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.signOffs(rootId, unitId),
    queryFn: () => apiRequest<SignOffs>(`${viewerBase(rootId, unitId)}/sign-offs`),
    enabled,
  });

export const signOffPdfUrl = (rootId: number, unitId: number, signOffId: number) =>
  `${viewerBase(rootId, unitId)}/sign-offs/${signOffId}/pdf`;
