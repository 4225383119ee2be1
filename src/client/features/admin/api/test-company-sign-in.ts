import { useMutation } from '@tanstack/react-query';
import type { CompanySignInTestResult } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

/** Asks the server to fetch the issuer's discovery document. */
export function testCompanySignIn(issuer: string): Promise<CompanySignInTestResult> {
  return apiRequest(apiData('company-sign-in/test'), { method: 'POST', body: { issuer } });
}

export function useTestCompanySignIn() {
  return useMutation({ mutationFn: testCompanySignIn });
}
