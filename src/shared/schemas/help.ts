import { z } from 'zod';

// The topics live in ../rules/help-topics (no zod, usable on first screens).
export { helpTopics } from '../rules/help-topics';
export type { HelpTopic } from '../rules/help-topics';

/** An e-mail address: one @, a dot in the domain, no spaces; the first domain label holds no dot, so the check is linear-time. */
export const emailPattern = /^[^\s@]+@[^\s@.]+\.[^\s@]+$/;

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
