import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectInput } from '../../../../shared/schemas/project-onboarding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const createProject = (input: CreateProjectInput) =>
  apiRequest<{ projectUnitID: number; projectUnitNo: string }>(apiData('root-projects'), {
    method: 'POST',
    body: input,
  });

/** Creates a root project; the project lists and the dashboard counters change. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['project-lists'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
