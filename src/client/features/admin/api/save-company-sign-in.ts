import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanySignIn, CompanySignInInput } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export function saveCompanySignIn(body: CompanySignInInput): Promise<CompanySignIn> {
  return apiRequest(apiData('company-sign-in'), { method: 'PUT', body });
}

export function useSaveCompanySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySignIn,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.admin.companySignIn(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.oidcProviders() }),
  });
}
