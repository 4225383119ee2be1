import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySignIn } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const companySignInKey = ['admin', 'company-sign-in'] as const;

export function getCompanySignIn(): Promise<CompanySignIn> {
  return apiRequest(apiData('company-sign-in'));
}

export const companySignInQuery = () => queryOptions({ queryKey: companySignInKey, queryFn: getCompanySignIn });

export function useCompanySignIn() {
  return useQuery(companySignInQuery());
}
