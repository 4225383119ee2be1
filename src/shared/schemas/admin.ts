import { z } from 'zod';
import { idValue, isoDateTime, text } from './common';

export const bannerLevels = ['info', 'warning', 'important'] as const;
export const bannerLevelSchema = z.enum(bannerLevels);
export type BannerLevel = z.infer<typeof bannerLevelSchema>;

export const salesOrgSchema = z.object({ salesOrgID: z.number().int(), salesOrgKey: z.string(), title: z.string() });
export type SalesOrg = z.infer<typeof salesOrgSchema>;

/** Banner form (spec §5): every field required, several sales orgs allowed. */
export const bannerInputSchema = z
  .object({
    title: text(200),
    text: text(4000, { multiline: true }),
    // Missing is "required"; a level that is not offered is an invalid choice.
    level: z.enum(bannerLevels, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'VALIDATION.IsRequired' : 'VALIDATION.InvalidChoice',
    }),
    showFrom: isoDateTime,
    showUntil: isoDateTime,
    salesOrgs: z.array(idValue).min(1, 'VALIDATION.IsRequired').max(100),
    /** A change names the version the admin edited; an older one is refused (409 with the banner). */
    version: idValue.optional(),
  })
  .refine((b) => new Date(b.showUntil) > new Date(b.showFrom), {
    message: 'ADMIN.Banner.UntilBeforeFrom',
    path: ['showUntil'],
  });
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerSchema = z.object({
  notificationID: z.number().int(),
  title: z.string(),
  text: z.string(),
  level: bannerLevelSchema,
  showFrom: z.string(),
  showUntil: z.string(),
  salesOrgs: z.array(z.number().int()),
  version: z.number().int(),
});
export type BannerNotification = z.infer<typeof bannerSchema>;

export const plantSchema = z.object({ plantID: z.number().int(), name: z.string() });
export const productTypeSchema = z.object({ productTypeID: z.number().int(), title: z.string() });
export const preliminaryDaysSchema = z.object({
  productPlantPreliminaryDaysID: z.number().int(),
  plantID: z.number().int(),
  productTypeID: z.number().int(),
  preliminaryDays: z.number().int(),
});
export type Plant = z.infer<typeof plantSchema>;
export type ProductType = z.infer<typeof productTypeSchema>;
export type PreliminaryDays = z.infer<typeof preliminaryDaysSchema>;

/** Limits of the preliminary days; the messages' `{{min}}`/`{{max}}` are filled from here. */
export const preliminaryDaysLimits = { min: 1, max: 365 } as const;

/** Preliminary days (spec §5, §9): a whole number from 1 to 365; messages are i18n keys. */
export const preliminaryDaysValueSchema = z
  .number({ error: 'VALIDATION.WholeNumber' })
  .int('VALIDATION.WholeNumber')
  .min(preliminaryDaysLimits.min, 'VALIDATION.MinValue')
  .max(preliminaryDaysLimits.max, 'VALIDATION.MaxValueReached');

export const preliminaryDaysInputSchema = z.object({ PreliminaryDays: preliminaryDaysValueSchema });

export const outboxMailSchema = z.object({
  mailID: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** pending, sending, sent, kept (no mail server configured) or failed (after the last attempt). */
  status: z.enum(['pending', 'sending', 'sent', 'kept', 'failed']),
  attempts: z.number().int(),
  /** When the next attempt is due (pending mails). */
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
