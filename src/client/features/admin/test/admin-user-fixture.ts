import type { AdminUser } from '../../../../shared/schemas/users';

/** A user of the tenant as the users list gets it; `overrides` change single fields. */
export function adminUserFixture(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userID: 7,
    login: 'anna@example.com',
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'Berg',
    isInternal: true,
    isAdmin: false,
    isExternalLogin: false,
    salesOrgID: null,
    language: 'de',
    status: 'active',
    invitationExpiresAt: null,
    invitationByMe: false,
    createdAt: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}
