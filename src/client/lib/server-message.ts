import type { ErrorMessage } from '../../shared/errors';
import { ApiError } from './api-client';
import { createFormatters } from './format';
import { i18next } from './i18n';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A placeholder value in the user's locale: numbers as "189,5", ISO days as "29.11.2026". */
function localValue(value: string | number, language: string): string {
  const fmt = createFormatters(language);
  if (typeof value === 'number') return fmt.number(value);
  return isoDay.test(value) ? fmt.date(value) : value;
}

/** One server message in the user's language; an unknown key falls back to the generic message. */
export function serverMessageText(m: Pick<ErrorMessage, 'message' | 'params'>): string {
  const language = i18next.language;
  if (!i18next.exists(m.message)) return i18next.t('ERRORMESSAGES.Unexpected');
  const params = Object.fromEntries(
    Object.entries(m.params ?? {}).map(([name, value]) => [name, localValue(value, language)]),
  );
  return i18next.t(m.message, { ...params, interpolation: { escapeValue: false } });
}

/** The field a message refers to, by its label in the user's language (`materials[0].volume` → "Volume"). */
export function fieldLabel(reference: string | null | undefined): string | null {
  if (!reference) return null;
  const field = reference
    .split(/[.[\]]/)
    .filter((part) => part && !/^\d+$/.test(part) && !part.includes(':'))
    .pop();
  const key = field ? `FIELDS.${field}` : '';
  return key && i18next.exists(key) ? i18next.t(key) : null;
}

/**
 * The messages of a failed call as the user reads them. A refusal (403) shows the server's specific
 * reason when it sends one, the generic "not allowed" otherwise.
 */
export function serverMessages(error: unknown): ErrorMessage[] {
  if (!(error instanceof ApiError)) return [{ messageType: 'Error', message: i18next.t('ERRORMESSAGES.Unexpected') }];
  const own = error.body.messages.filter((m) => i18next.exists(m.message));
  if (own.length === 0) {
    const fallback = error.status === 403 ? 'ERRORMESSAGES.NotAllowed' : 'ERRORMESSAGES.Unexpected';
    return [{ messageType: 'Error', message: i18next.t(fallback) }];
  }
  return own.map((m) => ({ ...m, message: serverMessageText(m) }));
}
