import { z } from 'zod';

/** Help topics of the help page and the help dialogs (spec/projects-workflows.md §2). */
export const helpTopics = ['upload', 'structuring', 'review-drawings', 'preparing'] as const;
export type HelpTopic = (typeof helpTopics)[number];

/** A standard e-mail pattern (one @, a dot in the domain, no spaces). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Empty input reports only "required", not "invalid" as well.
const emptyOrEmail = new RegExp(`^$|${emailPattern.source}`);

/** The help page's test dialog (spec §5): e-mail required and valid; messages are i18n keys. */
export const testEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'HELP.EmailRequired')
    .max(320, 'HELP.EmailInvalid')
    .regex(emptyOrEmail, 'HELP.EmailInvalid'),
});
export type TestEmailRequest = z.infer<typeof testEmailSchema>;

export const testEmailResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
