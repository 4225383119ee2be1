import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/schemas/account';
import type { Language } from '../../../../shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { changeLanguage } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';

export function setLanguage({ userID, languageKey }: { userID: number; languageKey: Language }): Promise<{ ok: true }> {
  return apiRequest(apiData(`users/${userID}`), { method: 'PUT', body: { languageKey } });
}

/** Stores the language for the account and applies it to the interface once the server agreed. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLanguage,
    onSuccess: async (_r, { languageKey }) => {
      queryClient.setQueryData<CurrentUser | null>(queryKeys.account.me(), (u) =>
        u ? { ...u, language: languageKey } : u,
      );
      await changeLanguage(languageKey);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile.data() });
    },
  });
}
