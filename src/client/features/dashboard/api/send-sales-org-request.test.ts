import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/account';
import { salesOrgRequestMailSchema } from '../../../../shared/schemas/dashboard';
import type { Profile } from '../../../../shared/schemas/profile';
import { buildRequestMail } from './send-sales-org-request';

const user = { userID: 7, userLogin: 'kunde@bau.example', firstName: 'Julia', lastName: null } as CurrentUser;

describe('new-project request mail fields', () => {
  it('fills the §7 fields from the profile', () => {
    const profile: Profile = {
      user: { userID: 7, userLogin: 'kunde@bau.example', language: 'de' },
      userProfile: { firstName: 'Julia', lastName: 'Neumann', hasProfileImage: 0, dailyStatusMail: false },
      isExternalLogin: false,
      address: { name: 'Bau Becker GmbH', street1: 'Ring 4', street2: null, zip: '30159', city: 'Hannover' },
      contact: { officePhone: '+49 511 1', companyMobile: null },
    };
    const mail = buildRequestMail(user, profile, 'vertrieb@celona.example');
    expect(mail).toEqual({
      SenderMail: 'kunde@bau.example',
      RecipientMail: 'vertrieb@celona.example',
      SenderUserID: 7,
      FirstName: 'Julia',
      LastName: 'Neumann',
      Company: 'Bau Becker GmbH',
      Street1: 'Ring 4',
      Street2: 'N/A',
      ZIP: '30159',
      City: 'Hannover',
      Phone: '+49 511 1',
    });
    expect(salesOrgRequestMailSchema.safeParse(mail).success).toBe(true);
  });

  it('sends N/A for everything unknown when the profile cannot be loaded', () => {
    const mail = buildRequestMail(user, null, 'vertrieb@celona.example');
    expect(mail.FirstName).toBe('Julia');
    expect([mail.LastName, mail.Company, mail.Street1, mail.Street2, mail.ZIP, mail.City, mail.Phone]).toEqual(
      Array(7).fill('N/A'),
    );
  });
});
