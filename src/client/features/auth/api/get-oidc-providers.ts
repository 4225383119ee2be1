import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OidcProvider = { tenantKey: string; name: string; label: string | null };

export function getOidcProviders(): Promise<OidcProvider[]> {
  return apiRequest('/api/account/oidc/providers');
}

export function useOidcProviders() {
  return useQuery({ queryKey: queryKeys.account.oidcProviders(), queryFn: getOidcProviders, staleTime: 10 * 60_000 });
}
