import { admin, list, type OperationDoc } from './common';

/** Tenant administration: banners, plants, lead days, mail outbox, company sign-in, users. */

const banner = {
  title: 'Maintenance on Saturday',
  text: 'The portal is unavailable on Saturday from 8:00 to 10:00.',
  level: 'info',
  showFrom: '2026-03-01T08:00:00.000Z',
  showUntil: '2026-03-07T10:00:00.000Z',
  salesOrgs: [1],
};
const tenantUser = { firstName: 'Erika', lastName: 'Muster', isInternal: false, salesOrgID: null, language: 'de' };

export const adminDocs: Record<string, OperationDoc> = {
  // admin
  'GET /api/banner-notifications/sales-orgs': {
    summary: 'Sales organisations for banners',
    description: `The sales organisations a banner can be shown to. ${admin}`,
  },
  'GET /api/banner-notifications/active': {
    summary: 'Active banners',
    description: 'The banners shown to the signed-in user now.',
  },
  'GET /api/data/:product/banner-notifications': {
    summary: 'List banners',
    description: `${list} ${admin}`,
  },
  'POST /api/data/:product/banner-notifications': {
    summary: 'Create a banner',
    description: `A message shown to the users of the sales organisations chosen between two times. ${admin}`,
    example: banner,
  },
  'PUT /api/data/:product/banner-notifications/:notificationID': {
    summary: 'Change a banner',
    description: `\`version\` must be the one read. ${admin}`,
    example: { ...banner, version: 1 },
  },
  'DELETE /api/data/:product/banner-notifications/:notificationID': {
    summary: 'Delete a banner',
    description: admin,
  },
  'GET /api/data/:product/plants': {
    summary: 'List plants',
    description: 'The plants of the tenant.',
  },
  'GET /api/data/:product/producttypes': {
    summary: 'List product types',
    description: 'The product types of the tenant.',
  },
  'GET /api/data/:product/productplantpreliminarydays': {
    summary: 'List preliminary days',
    description: `Lead days per product type and plant. ${admin}`,
  },
  'PUT /api/data/:product/productplantpreliminarydays/:id': {
    summary: 'Set preliminary days',
    description: `Lead days (1–365) of one product type and plant. ${admin}`,
    example: { PreliminaryDays: 10 },
  },
  'GET /api/data/:product/mailoutbox': {
    summary: 'Mail outbox',
    description: `Mails of the tenant with their sending state. ${list} ${admin}`,
  },
  'POST /api/data/:product/mailoutbox/:id/retry': {
    summary: 'Send a mail again',
    description: `Queues a failed mail again. ${admin}`,
  },
  'GET /api/data/:product/branding': {
    summary: "Read the tenant's brand colour",
    description: `The brand colour (null: none) and the product's colour used without one. ${admin}`,
  },
  'PUT /api/data/:product/branding': {
    summary: "Set the tenant's brand colour",
    description: `The colour of the browser's chrome for the tenant's users (web app manifest \`theme_color\`, \`<meta name="theme-color">\`): \`#rrggbb\` on which white text reaches a contrast of 4.5:1, or null for the product's colour. ${admin}`,
    example: { brandColor: '#0b5563' },
  },
  'GET /api/data/:product/company-sign-in': {
    summary: 'Read company sign-in settings',
    description: `Issuer, client id, button label and state (the secret is never shown). ${admin}`,
  },
  'PUT /api/data/:product/company-sign-in': {
    summary: 'Save company sign-in settings',
    description: `OpenID Connect settings; without \`clientSecret\` the stored one is kept. ${admin}`,
    example: {
      issuer: 'https://login.example.com/realms/muster',
      clientId: 'planport',
      clientSecret: 'a-client-secret',
      buttonLabel: 'Sign in with Muster ID',
      enabled: true,
    },
  },
  'POST /api/data/:product/company-sign-in/test': {
    summary: 'Test an identity provider',
    description: `Fetches the issuer's discovery document (public addresses only) and reports what it offers. ${admin}`,
    example: { issuer: 'https://login.example.com/realms/muster' },
  },

  // users
  'GET /api/data/:product/tenant-users': {
    summary: 'List users',
    description: `The tenant's users. ${list} ${admin}`,
  },
  'POST /api/data/:product/tenant-users': {
    summary: 'Invite a user',
    description: `Creates a user and mails the invitation. ${admin}`,
    example: { email: 'erika.muster@example.com', ...tenantUser, isAdmin: false, companySignInOnly: false },
  },
  'GET /api/data/:product/tenant-users/:userID': {
    summary: 'Read a user',
    description: admin,
  },
  'PUT /api/data/:product/tenant-users/:userID': {
    summary: 'Change a user',
    description: `Name, kind, admin right, sales organisation and language. ${admin}`,
    example: { ...tenantUser, isAdmin: true },
  },
  'POST /api/data/:product/tenant-users/:userID/deactivate': {
    summary: 'Deactivate a user',
    description: `The user can no longer sign in and open sessions stop working; not oneself, not the last admin. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/reactivate': {
    summary: 'Reactivate a user',
    description: admin,
  },
  'POST /api/data/:product/tenant-users/:userID/invitation': {
    summary: 'Send the invitation again',
    description: `A new invitation mail; the old link stops working. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/invitation-link': {
    summary: 'Invitation link',
    description: `A new invitation link to hand over in person; the old link stops working. ${admin}`,
  },
  'POST /api/data/:product/tenant-users/:userID/end-sessions': {
    summary: "End a user's sessions",
    description: `Signs the user out everywhere. ${admin}`,
  },
};
