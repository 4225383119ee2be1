import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectInput } from '../../../../shared/schemas/project-onboarding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryPrefixes } from '../../../lib/query-keys';

export const createProject = (input: CreateProjectInput) =>
  apiRequest<{ projectUnitID: number; projectUnitNo: string }>(apiData('root-projects'), {
    method: 'POST',
    body: input,
  });

/** Creates a root project; the project lists, the dashboard counters and the search change. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      invalidateKeys(queryClient, [queryPrefixes['project-lists'], queryPrefixes.dashboard, queryPrefixes.search]),
  });
}
