import { z } from 'zod';
import { passwordErrorMessage, validatePasswordChange, type PasswordChange } from '../rules/password';
import { languageSchema, text } from './common';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'VALIDATION.TooLong')
    .nullish()
    .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  user: z.object({ userID: z.number().int(), userLogin: z.string(), language: languageSchema }),
  userProfile: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    hasProfileImage: z.union([z.literal(1), z.literal(0)]),
    dailyStatusMail: z.boolean(),
  }),
  isExternalLogin: z.boolean(),
  address: z.object({
    name: z.string().nullable(),
    street1: z.string().nullable(),
    street2: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
  }),
  contact: z.object({ officePhone: z.string().nullable(), companyMobile: z.string().nullable() }),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ data: profileSchema });

export const profileSettingsSchema = z.object({ dailyStatusMail: z.boolean() });
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const personalDataSchema = z.object({
  firstName: text(100),
  lastName: text(100),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

export const contactDataSchema = z.object({ officePhone: optionalText(50), companyMobile: optionalText(50) });
export type ContactData = z.input<typeof contactDataSchema>;

export const companyAddressSchema = z.object({
  name: optionalText(200),
  street1: optionalText(200),
  street2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
});
export type CompanyAddress = z.input<typeof companyAddressSchema>;

export const passwordChangeSchema = z.object({
  oldPassword: z.string().max(500),
  newPassword: z.string().max(500),
  confirmNewPassword: z.string().max(500),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeSchema>;

/** The password policy (rules/password.ts) as field issues whose messages are i18n keys. */
function passwordPolicy(values: PasswordChange, ctx: z.RefinementCtx) {
  for (const [field, key] of Object.entries(validatePasswordChange(values)))
    ctx.addIssue({ code: 'custom', path: [field], message: passwordErrorMessage[key] });
}

/** The profile's password change with the policy of spec §5 (form validation). */
export const passwordChangeFormSchema = passwordChangeSchema.superRefine(passwordPolicy);
/** A new password and its confirmation (password reset page) with the same policy. */
export const newPasswordFormSchema = z
  .object({ newPassword: z.string().max(500), confirmNewPassword: z.string().max(500) })
  .superRefine(passwordPolicy);

export const userLanguageSchema = z.object({ languageKey: languageSchema });

export const passwordResetRequestSchema = z.object({
  login: text(200),
});
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(20).max(200),
  newPassword: z.string().max(500),
  confirmNewPassword: z.string().max(500),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
export const accountDeleteConfirmSchema = z.object({ token: z.string().min(20).max(200) });
