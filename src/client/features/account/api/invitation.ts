import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitation, InvitationInfo } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The token travels in the body, so it stays out of access logs. */
export function getInvitation(token: string): Promise<InvitationInfo> {
  return apiRequest('/api/account/invitation/info', { method: 'POST', body: { token } });
}

export function acceptInvitation(body: AcceptInvitation): Promise<{ ok: true }> {
  return apiRequest('/api/account/invitation/accept', { method: 'POST', body });
}

export const useInvitation = (token: string) =>
  useQuery({ queryKey: queryKeys.account.invitation(token), queryFn: () => getInvitation(token), retry: false });
export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
