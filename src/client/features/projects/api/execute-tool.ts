import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Asks the project's internal members by e-mail to change the reviewer. */
export function useReviewerChangeRequest() {
  return useMutation({
    mutationFn: ({ rootUnitId, email }: { rootUnitId: number; email: string }) =>
      apiRequest<{ ok: true }>('/api/project-tools/execute', {
        method: 'POST',
        body: { name: 'reviewer-change-request', data: { rootUnitId, email } },
      }),
  });
}
