import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/schemas/account';
import { NOT_AVAILABLE } from '../../../../shared/rules/sales-org-request';
import type { SalesOrgRequestMail } from '../../../../shared/schemas/dashboard';
import type { Profile } from '../../../../shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

const na = (v: string | null | undefined) => (v && v.trim() ? v.trim() : NOT_AVAILABLE);

/** The §7 mail fields from the user's profile; missing values become "N/A". */
export function buildRequestMail(user: CurrentUser, profile: Profile | null, recipient: string): SalesOrgRequestMail {
  return {
    SenderMail: na(user.userLogin),
    RecipientMail: recipient,
    SenderUserID: user.userID,
    FirstName: na(profile?.userProfile.firstName ?? user.firstName),
    LastName: na(profile?.userProfile.lastName ?? user.lastName),
    Company: na(profile?.address.name),
    Street1: na(profile?.address.street1),
    Street2: na(profile?.address.street2),
    ZIP: na(profile?.address.zip),
    City: na(profile?.address.city),
    Phone: na(profile?.contact.officePhone),
  };
}

async function loadProfile(): Promise<Profile | null> {
  try {
    return (await apiRequest<{ data: Profile }>(apiData('profile'))).data;
  } catch {
    // Without the profile the request still goes out, with N/A for what is unknown.
    return null;
  }
}

/** Sends the new-project request to a sales organisation (`POST email/send`). */
export async function sendSalesOrgRequest(user: CurrentUser, recipient: string): Promise<void> {
  const profile = await loadProfile();
  await apiRequest(apiData('email/send'), { method: 'POST', body: buildRequestMail(user, profile, recipient) });
}

export function useSendSalesOrgRequest() {
  return useMutation({
    mutationFn: ({ user, recipient }: { user: CurrentUser; recipient: string }) => sendSalesOrgRequest(user, recipient),
  });
}
