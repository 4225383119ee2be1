import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const membersQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.members(rootId),
    queryFn: async () => (await apiRequest<{ data: Member[] }>(apiData(`projects/${rootId}/members`))).data,
  });

export const useMembers = (rootId: number) => useQuery(membersQuery(rootId));

export const memberProfileQuery = (rootId: number, userId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.member(rootId, userId),
    queryFn: () => apiRequest<Member>(apiData(`projects/${rootId}/members/${userId}`)),
  });

export const useMemberProfile = (rootId: number, userId: number) => useQuery(memberProfileQuery(rootId, userId));
