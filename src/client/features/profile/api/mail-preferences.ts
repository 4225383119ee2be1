import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences, SaveMailPreferences } from '../../../../shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export async function getMailPreferences(): Promise<MailPreferences> {
  const res = await apiRequest<{ data: MailPreferences }>(apiData('mail-preferences'));
  return res.data;
}

export function useMailPreferences() {
  return useQuery(queryOptions({ queryKey: queryKeys.profile.mailPreferences(), queryFn: getMailPreferences }));
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMailPreferences) =>
      apiRequest<{ ok: true }>(apiData('mail-preferences'), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.mailPreferences() }),
  });
}
