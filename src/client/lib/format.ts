import { useTranslation } from 'react-i18next';
import { languages, localeOfLanguage } from '../../shared/schemas/common';

/** The locale of a UI language; another tag (a test's, a browser's) is used as it is. */
function localeOf(language: string): string {
  const known = languages.find((l) => l === language);
  return known ? localeOfLanguage[known] : language;
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

const cache = new Map<string, Formatters>();

/** The one date and number formatter of the app, following the UI language; built once per language. */
export function createFormatters(language: string): Formatters {
  let formatters = cache.get(language);
  if (!formatters) {
    formatters = buildFormatters(language);
    cache.set(language, formatters);
  }
  return formatters;
}

/** A value made on its first use: the first formatter of a kind and locale costs the browser its locale data. */
function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

function buildFormatters(language: string) {
  const locale = localeOf(language);
  // Made when first used, not all at once: a page that shows no relative time or number does not
  // pay for those formatters while its first screen is built.
  const date = onFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const longDate = onFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }));
  const dateTime = onFirstUse(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const decimal = onFirstUse(
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  );
  const relative = onFirstUse(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const formatWith = (format: () => Intl.DateTimeFormat) => (v: Date | string | null | undefined) => {
    const d = toDate(v);
    return d ? format().format(d) : '–';
  };
  return {
    locale,
    date: formatWith(date),
    longDate: formatWith(longDate),
    dateTime: formatWith(dateTime),
    /** Quantities and dimensions: up to two decimals (spec: ".0-0" / one optional to two digits). */
    number: (v: number | null | undefined) => (v === null || v === undefined ? '–' : decimal().format(v)),
    relativeTime: (v: Date | string, now = new Date()) => {
      const d = toDate(v);
      if (!d) return '–';
      const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
      const units: [Intl.RelativeTimeFormatUnit, number][] = [
        ['day', 86_400],
        ['hour', 3_600],
        ['minute', 60],
      ];
      for (const [unit, size] of units) {
        if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
      }
      return relative().format(seconds, 'second');
    },
  };
}

export type Formatters = ReturnType<typeof buildFormatters>;

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return createFormatters(i18n.language);
}
