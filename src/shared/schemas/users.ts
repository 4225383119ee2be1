import { z } from 'zod';
import { idValue, languageSchema, text } from './common';

/** Tenant user administration: list, invitation, edit, deactivation; company sign-in settings. */
export const userStatuses = ['active', 'invited', 'deactivated'] as const;
export const userStatusSchema = z.enum(userStatuses);

export const adminUserSchema = z.object({
  userID: z.number().int(),
  login: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isInternal: z.boolean(),
  isAdmin: z.boolean(),
  isExternalLogin: z.boolean(),
  salesOrgID: z.number().int().nullable(),
  language: languageSchema,
  status: userStatusSchema,
  /** While an invitation is open: when its link stops working. */
  invitationExpiresAt: z.string().nullable(),
  /** The invitation is open and was sent by the admin looking: they may hand its link on. */
  invitationByMe: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Fields an admin sets when inviting or editing a user. */
const userFields = {
  firstName: text(100),
  lastName: text(100),
  isInternal: z.boolean(),
  isAdmin: z.boolean().default(false),
  salesOrgID: idValue.nullable(),
  language: languageSchema,
};

export const inviteUserSchema = z.object({
  email: z.email('VALIDATION.InvalidEmail').max(200),
  ...userFields,
  /** The user signs in only through the tenant's company sign-in (no password). */
  companySignInOnly: z.boolean().default(false),
});
export type InviteUser = z.input<typeof inviteUserSchema>;

export const updateUserSchema = z.object(userFields);
export type UpdateUser = z.input<typeof updateUserSchema>;

/** Public: what the invitation page shows before the password is set. */
export const invitationInfoSchema = z.object({
  login: z.string(),
  firstName: z.string().nullable(),
  tenantName: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** An invitation link's token; a malformed one says "invalid link" like an unknown one. */
export const invitationTokenSchema = z
  .string()
  .min(20, 'ACCOUNT.Invitation.InvalidLink')
  .max(200, 'ACCOUNT.Invitation.InvalidLink');

export const acceptInvitationSchema = z.object({
  token: invitationTokenSchema,
  newPassword: z.string().max(500),
  confirmNewPassword: z.string().max(500),
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** Company sign-in (OpenID Connect) of the admin's tenant; the client secret is never returned. */
export const companySignInSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  buttonLabel: z.string(),
  enabled: z.boolean(),
  /** The address to register at the identity provider. */
  redirectUri: z.string(),
});
export type CompanySignIn = z.infer<typeof companySignInSchema>;

const issuerSchema = z.url({ protocol: /^https?$/, error: 'ADMIN.CompanySignIn.InvalidIssuer' }).max(500);

export const companySignInInputSchema = z.object({
  issuer: issuerSchema,
  clientId: text(500),
  /** Empty or absent keeps the stored secret. */
  clientSecret: z.string().max(2000).optional(),
  buttonLabel: text(100, { required: false }),
  enabled: z.boolean(),
});
export type CompanySignInInput = z.infer<typeof companySignInInputSchema>;

export const companySignInTestSchema = z.object({ issuer: issuerSchema });
export const companySignInTestResultSchema = z.object({
  ok: z.boolean(),
  /** Translation key of the finding. */
  message: z.string(),
  detail: z.string().optional(),
});
export type CompanySignInTestResult = z.infer<typeof companySignInTestResultSchema>;
