import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MemberInput, MemberInvitation, MemberRolesInput } from '../../../../shared/schemas/project-onboarding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const addMember = (rootId: number, input: MemberInput) =>
  apiRequest<{ ok: true }>(apiData(`projects/${rootId}/members`), { method: 'POST', body: input });

/** A new user by e-mail, invited and added with the roles in one step. */
export const inviteMember = (rootId: number, input: MemberInvitation) =>
  apiRequest<{ userID: number }>(apiData(`projects/${rootId}/member-invitations`), { method: 'POST', body: input });

export const changeMemberRoles = (rootId: number, userId: number, input: MemberRolesInput) =>
  apiRequest<{ ok: true }>(apiData(`projects/${rootId}/members/${userId}`), { method: 'PUT', body: input });

export const removeMember = (rootId: number, userId: number) =>
  apiRequest<{ movedTasks: number }>(apiData(`projects/${rootId}/members/${userId}`), { method: 'DELETE' });

// Members decide who holds tasks: the members (also the review's), the project's tasks and the journal change.
const refresh = (queryClient: QueryClient, rootId: number) =>
  invalidateKeys(queryClient, [
    queryPrefixes.projects,
    queryPrefixes.tasks,
    queryPrefixes.dashboard,
    queryKeys.journal.ofProject(rootId),
    queryKeys.viewer.members(rootId),
  ]);

export function useAddMember(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInput) => addMember(rootId, input),
    onSuccess: () => refresh(queryClient, rootId),
  });
}

export function useInviteMember(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInvitation) => inviteMember(rootId, input),
    onSuccess: () => refresh(queryClient, rootId),
  });
}

export function useChangeMemberRoles(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: MemberRolesInput }) =>
      changeMemberRoles(rootId, userId, input),
    onSuccess: () => refresh(queryClient, rootId),
  });
}

export function useRemoveMember(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(rootId, userId),
    onSuccess: () => refresh(queryClient, rootId),
  });
}
