import { type OperationDoc, own } from './common';

/** Health and legal probes, sign-in and the account, the own profile. */

const passwords = { newPassword: 'correct horse battery 7', confirmNewPassword: 'correct horse battery 7' };
const token = { token: 'k3nKx0mZ1qVb2pRt4sWu' };

export const accountDocs: Record<string, OperationDoc> = {
  // health, legal
  'GET /api/health/live': {
    summary: 'Liveness probe',
    description: 'Answers 200 while the process runs (no database call). For container and balancer probes.',
  },
  'GET /api/health/ready': {
    summary: 'Readiness probe',
    description:
      'Answers 200 when the database answers and the server takes requests; 503 while it starts, drains on SIGTERM or has lost its database.',
  },
  'GET /api/legal/operator': {
    summary: 'Operator details',
    description: 'Name, address and register details of the operator, shown on the imprint and privacy pages.',
  },

  // account
  'POST /api/account/login': {
    summary: 'Sign in',
    description:
      'Checks login and password and sets the session cookie. Repeated failures are throttled per account and address (429).',
    example: { login: 'erika.muster@example.com', password: 'correct horse battery 7' },
  },
  'GET /api/account/me': {
    summary: 'Current user',
    description: 'The signed-in user: name, tenant, language, roles and the tenant features that shape the pages.',
  },
  'POST /Account/SignOut': {
    summary: 'Sign out',
    description: 'Ends the session of the cookie (if any) and clears the cookie. Always answers 200.',
  },
  'POST /api/account/password-reset/request': {
    summary: 'Request a password reset',
    description:
      'Mails a reset link to the account of this login, if there is one. The answer is the same whether or not it exists.',
    example: { login: 'erika.muster@example.com' },
  },
  'POST /api/account/password-reset/confirm': {
    summary: 'Set a new password with a reset link',
    description: 'Sets the password with the token from the reset mail; the token works once and expires.',
    example: { ...token, ...passwords },
  },
  'POST /api/account/delete': {
    summary: 'Request account deletion',
    description: 'Mails a confirmation link to the signed-in user; the account is deleted only once it is confirmed.',
  },
  'POST /api/account/delete/confirm': {
    summary: 'Confirm account deletion',
    description: 'Deletes the account of the confirmation token and ends its sessions.',
    example: token,
  },
  'POST /api/account/invitation/info': {
    summary: 'Read an invitation',
    description: 'Name, login and tenant of the invitation token, for the page where the invitee sets a password.',
    example: token,
  },
  'POST /api/account/invitation/accept': {
    summary: 'Accept an invitation',
    description: "Sets the invitee's password with the invitation token and activates the account.",
    example: { ...token, ...passwords },
  },
  'GET /api/account/oidc/providers': {
    summary: 'Company sign-in providers',
    description: 'The tenants that offer company sign-in (OpenID Connect), with their button labels.',
  },
  'GET /api/account/oidc/start/:tenantKey': {
    summary: 'Start company sign-in',
    description: "Redirects (302) to the tenant's identity provider with state, nonce and PKCE.",
  },
  'GET /api/account/oidc/callback': {
    summary: 'Company sign-in callback',
    description:
      'The identity provider returns here; the code is exchanged, the user signed in and redirected to the app (or to the sign-in page with an error).',
  },
  'GET /api/account/sessions': {
    summary: 'List own sessions',
    description: `The signed-in user's open sessions with device, address and last use; the current one is marked. ${own}`,
  },
  'POST /api/account/sessions/end-others': {
    summary: 'End other sessions',
    description: 'Ends every session of the signed-in user except the current one.',
  },
  'DELETE /api/account/sessions/:sessionID': {
    summary: 'End a session',
    description: "Ends one of the signed-in user's sessions (404 for anyone else's).",
  },

  // profile
  'GET /api/data/:product/profile': {
    summary: 'Read the profile',
    description: `Personal data, contact, company address and settings. ${own}`,
  },
  'POST /api/data/:product/profilesettings': {
    summary: 'Save profile settings',
    description: `Turns the daily status mail on or off. ${own}`,
    example: { dailyStatusMail: true },
  },
  // Summary and description in the routes (modules/notifications/mail-preference-routes.ts).
  'PUT /api/data/:product/mail-preferences': {
    example: { preferences: [{ kind: 'unit.state.changed', delivery: 'digest' }] },
  },
  'POST /api/mail/unsubscribe': { example: { 'List-Unsubscribe': 'One-Click' } },
  'POST /api/data/:product/profileuserprofile': {
    summary: 'Save personal data',
    description: `First and last name. ${own}`,
    example: { firstName: 'Erika', lastName: 'Muster' },
  },
  'POST /api/data/:product/profilecontact': {
    summary: 'Save contact data',
    description: `Office phone and company mobile. ${own}`,
    example: { officePhone: '+49 511 000000', companyMobile: null },
  },
  'POST /api/data/:product/profileaddress': {
    summary: 'Save the company address',
    description: `The address shown with the user's name. ${own}`,
    example: { name: 'Muster Bau GmbH', street1: 'Hauptstraße 1', street2: null, zip: '30159', city: 'Hannover' },
  },
  'PUT /api/account/:product/password': {
    summary: 'Change the password',
    description:
      "Checks the old password, sets the new one and ends the user's other sessions. Not for company sign-in accounts.",
    example: { oldPassword: 'old secret phrase 1', ...passwords },
  },
  'PUT /api/data/:product/users/:userID': {
    summary: 'Set the language',
    description: 'The language of pages and mails of the signed-in user (`userID` must be the own id).',
    example: { languageKey: 'en' },
  },
  'POST /api/data/:product/profilefiles/thumbnail.png': {
    summary: 'Upload the profile picture',
    description:
      'A PNG or JPEG as `multipart/form-data` (field `file`, up to 20 MB); it is cropped and stored as a small PNG.',
  },
  'DELETE /api/data/:product/profilefiles/thumbnail.png': {
    summary: 'Remove the profile picture',
    description: own,
  },
  'GET /api/data/:product/profilefiles/:userID/thumbnail.png': {
    summary: 'Profile picture of a user',
    description: 'The PNG of a user of the same tenant or a shared project; 404 when there is none.',
  },
};
