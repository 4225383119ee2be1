import { z } from 'zod';
import { MAX_INT } from './limits';

export const languageSchema = z.enum(['de', 'en', 'nl']);
export type Language = z.infer<typeof languageSchema>;
/** The languages of the interface, the mails and the journal, in one place; German is the fallback. */
export const languages: Language[] = [...languageSchema.options];
export const fallbackLanguage: Language = 'de';
/** The locale each language formats dates and numbers in (English as written in Britain). */
export const localeOfLanguage: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL' };

export const errorMessageSchema = z.object({
  messageType: z.enum(['Error', 'Warning', 'Info']),
  message: z.string(),
  reference: z.string().nullish(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

// Named (`meta.id`): the API document states it once and refers to it from every error answer.
export const errorBodySchema = z
  .object({
    status: z.number().int(),
    code: z.string(),
    messages: z.array(errorMessageSchema),
    /** A stale save (409): the record as it is stored now, so the client can offer to reload it. */
    current: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });

export { MAX_INT };

/**
 * An id in a path or query string: digits only, 1…2147483647 (no sign, space, fraction, hex or
 * leading zero), so every id the database cannot hold is a 400 naming the parameter, never a 500.
 */
export const idParam = z
  .string()
  .max(10, { message: 'VALIDATION.InvalidId', abort: true })
  .regex(/^[1-9][0-9]{0,9}$/, 'VALIDATION.InvalidId')
  .transform(Number)
  .pipe(z.number().max(MAX_INT, 'VALIDATION.InvalidId'));

/** An id in a JSON body: a whole number 1…2147483647. */
export const idValue = z.int().min(1, 'VALIDATION.InvalidId').max(MAX_INT, 'VALIDATION.InvalidId');

/**
 * Characters no text field accepts: controls (NUL and the C0/C1 ranges), format characters
 * (zero-width space/joiners, bidi overrides, BOM), lone surrogates and line/paragraph separators.
 * Multi-line texts keep tab and line breaks.
 */
const forbiddenInLine = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const forbiddenInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const visible = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** True when a string holds no lone surrogate and no NUL (what PostgreSQL's text cannot take). */
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
export const isStorableText = (value: string) => !/[\u0000\p{Cs}]/u.test(value);

/**
 * The one schema for user-entered text: refuses forbidden characters, normalises to NFC, trims,
 * limits the length, and where `required` (the default) needs at least one visible character.
 * `multiline` (notes, messages) keeps tabs and line breaks and allows other format characters.
 */
export function text(max: number, options: { required?: boolean; multiline?: boolean } = {}) {
  const { required = true, multiline = false } = options;
  const base = z
    .string()
    .refine((v) => !(multiline ? forbiddenInText : forbiddenInLine).test(v), {
      message: 'VALIDATION.InvalidCharacters',
      abort: true,
    })
    .normalize('NFC')
    .trim()
    .max(max, 'VALIDATION.TooLong');
  return required
    ? base
        .min(1, { message: 'VALIDATION.IsRequired', abort: true })
        .refine((v) => visible.test(v), 'VALIDATION.IsRequired')
    : base;
}

/** A calendar day `YYYY-MM-DD` that exists (no 2027-02-30), years 1900…2999. */
export const isoDay = z
  .string()
  .max(10, { message: 'VALIDATION.InvalidDate', abort: true })
  .regex(/^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$/, { message: 'VALIDATION.InvalidDate', abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'VALIDATION.InvalidDate');

/** A moment with offset, strictly ISO 8601, years 1900…2999. */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: 'VALIDATION.InvalidDate' })
  .max(40, 'VALIDATION.InvalidDate')
  .refine((v) => /^(19|2[0-9])/.test(v), 'VALIDATION.InvalidDate');

export const countSchema = z.object({ count: z.number().int() });

export const okSchema = z.object({ ok: z.literal(true) });
