import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export async function getProfile(): Promise<Profile> {
  const res = await apiRequest<{ data: Profile }>(apiData('profile'));
  return res.data;
}

export const profileQuery = () => queryOptions({ queryKey: queryKeys.profile.data(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery());
}
