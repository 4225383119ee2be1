import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type OidcProvider = { tenantKey: string; name: string; label: string | null };

export function getOidcProviders(): Promise<OidcProvider[]> {
  return apiRequest('/api/account/oidc/providers');
}

export const oidcProvidersKey = ['account', 'oidc-providers'] as const;

export function useOidcProviders() {
  return useQuery({ queryKey: oidcProvidersKey, queryFn: getOidcProviders, staleTime: 10 * 60_000 });
}
