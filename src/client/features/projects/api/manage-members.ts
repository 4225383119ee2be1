import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MemberInput, MemberRolesInput } from '../../../../shared/schemas/project-onboarding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const addMember = (rootId: number, input: MemberInput) =>
  apiRequest<{ ok: true }>(apiData(`projects/${rootId}/members`), { method: 'POST', body: input });

export const changeMemberRoles = (rootId: number, userId: number, input: MemberRolesInput) =>
  apiRequest<{ ok: true }>(apiData(`projects/${rootId}/members/${userId}`), { method: 'PUT', body: input });

export const removeMember = (rootId: number, userId: number) =>
  apiRequest<{ movedTasks: number }>(apiData(`projects/${rootId}/members/${userId}`), { method: 'DELETE' });

// Members decide who holds tasks: the members, the project's tasks and the journal change.
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['tasks'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['journal'] }),
  ]);

export function useAddMember(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInput) => addMember(rootId, input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useChangeMemberRoles(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: MemberRolesInput }) =>
      changeMemberRoles(rootId, userId, input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useRemoveMember(rootId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(rootId, userId),
    onSuccess: () => refresh(queryClient),
  });
}
