import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySignIn } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export function getCompanySignIn(): Promise<CompanySignIn> {
  return apiRequest(apiData('company-sign-in'));
}

export const companySignInQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.companySignIn(), queryFn: getCompanySignIn });

export function useCompanySignIn() {
  return useQuery(companySignInQuery());
}
