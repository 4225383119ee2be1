import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The tenant's information text, in the user's language (chosen by the server). Kept per interface
 * language, so a changed language asks again instead of showing the text of the one before.
 */
export const tenantInfoQuery = (rootId: number, language: string = i18next.language) =>
  queryOptions({
    queryKey: queryKeys.projects.tenantInfo(rootId, language),
    queryFn: async () => (await apiRequest<{ html: string }>(`/api/tenant-infos/${rootId}`)).html,
    staleTime: 10 * 60_000,
  });

export const useTenantInfo = (rootId: number, enabled: boolean) => {
  const { i18n } = useTranslation();
  return useQuery({ ...tenantInfoQuery(rootId, i18n.language), enabled });
};
