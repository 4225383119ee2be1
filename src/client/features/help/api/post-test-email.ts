import { useMutation } from '@tanstack/react-query';
import type { TestEmailRequest } from '../../../../shared/schemas/help';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

/**
 * The test dialog's call. The spec names `POST projects` with `{email}`, which is the
 * unit-creation call, so the dialog uses `POST projects/test-email` (see help/routes.ts).
 */
export function postTestEmail(body: TestEmailRequest): Promise<{ ok: true; email: string }> {
  return apiRequest(apiData('projects/test-email'), { method: 'POST', body });
}

export function usePostTestEmail() {
  return useMutation({ mutationFn: postTestEmail });
}
