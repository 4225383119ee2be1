import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Branding } from '../../../../shared/schemas/branding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const getBranding = () => apiRequest<Branding>(apiData('branding'));

export const brandingQuery = () => queryOptions({ queryKey: queryKeys.admin.branding(), queryFn: getBranding });

export function useBranding() {
  return useQuery(brandingQuery());
}
