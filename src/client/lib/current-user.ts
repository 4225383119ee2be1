import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/account';
import { ApiError, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** The signed-in user, or null without a session. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/account/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const currentUserQuery = () =>
  queryOptions({ queryKey: queryKeys.account.me(), queryFn: getCurrentUser, staleTime: 5 * 60_000 });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
