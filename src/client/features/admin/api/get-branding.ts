import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branding } from '../../../../shared/schemas/branding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const brandingKey = ['admin', 'branding'] as const;

export const getBranding = () => apiRequest<Branding>(apiData('branding'));

export const brandingQuery = () => queryOptions({ queryKey: brandingKey, queryFn: getBranding });

export function useBranding() {
  return useQuery(brandingQuery());
}
