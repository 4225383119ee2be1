import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberCandidate, ProjectCreationContext } from '../../shared/schemas/project-onboarding';
import { apiRequest } from './api-client';
import { apiData } from './config';
import { queryKeys } from './query-keys';

/** Whether the signed-in user may create projects (dashboard button, project list, dialog). */
export const creationContextQuery = () =>
  queryOptions({
    queryKey: queryKeys.projects.creationContext(),
    queryFn: () => apiRequest<ProjectCreationContext>(apiData('projects/creation-context')),
    staleTime: 60_000,
  });

export const useCreationContext = () => useQuery(creationContextQuery());

/** The path that opens the create-project dialog, optionally with a first member. */
export const createProjectPath = (memberId?: number) =>
  `/home/app/current-projects-list?create=1${memberId ? `&member=${memberId}` : ''}`;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** OData filter of the member search: first name, last name, login or company contain the text. */
export function candidateFilter(search: string): string | undefined {
  const text = search.trim();
  if (!text) return undefined;
  return ['firstName', 'lastName', 'userLogin', 'companyName'].map((f) => `contains(${f},${quote(text)})`).join(' or ');
}

/** Users who can become members: `projects/member-candidates` or `projects/{rootId}/member-candidates`. */
export const memberCandidatesQuery = (path: string, search: string) =>
  queryOptions({
    queryKey: queryKeys.projects.memberCandidates(path, search),
    queryFn: async () => {
      const params = new URLSearchParams({ $top: '20' });
      const filter = candidateFilter(search);
      if (filter) params.set('$filter', filter);
      return (await apiRequest<{ data: MemberCandidate[] }>(`${apiData(path)}?${params}`)).data;
    },
  });

/** One candidate by id (the requester of a new project, from the request mail's link). */
export const memberCandidateQuery = (path: string, userId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.memberCandidate(path, userId),
    queryFn: async () =>
      (
        await apiRequest<{ data: MemberCandidate[] }>(
          `${apiData(path)}?${new URLSearchParams({ $filter: `userID eq ${userId}` })}`,
        )
      ).data[0] ?? null,
  });
