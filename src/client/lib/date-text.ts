/*
 * Dates as people type them in the UI language. A browser's own date field shows and takes the
 * format of the browser's language, so a German profile in an English browser would see
 * mm/dd/yyyy. The app's date fields (components/date-input) take and show the profile's format
 * instead; their value stays the ISO date (YYYY-MM-DD) the forms and the API use.
 */

type DateFormat = { separator: string; placeholder: string; pattern: string };

const formats: Record<string, DateFormat> = {
  de: { separator: '.', placeholder: 'TT.MM.JJJJ', pattern: 'DD.MM.YYYY' },
  en: { separator: '/', placeholder: 'DD/MM/YYYY', pattern: 'DD/MM/YYYY' },
  nl: { separator: '-', placeholder: 'DD-MM-JJJJ', pattern: 'DD-MM-YYYY' },
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatOf(language: string): DateFormat {
  return formats[language] ?? formats.de!;
}

/** The field's placeholder in the language: TT.MM.JJJJ, DD/MM/YYYY, DD-MM-JJJJ. */
export function datePlaceholder(language: string): string {
  return formatOf(language).placeholder;
}

/** The language's date format as a dayjs pattern (DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY). */
export function datePattern(language: string): string {
  return formatOf(language).pattern;
}

/** An ISO date as the language writes it (day, month, year); anything else is returned as it is. */
export function formatDateText(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const m = ISO.exec(value);
  if (!m) return value;
  const { separator } = formatOf(language);
  return `${m[3]}${separator}${m[2]}${separator}${m[1]}`;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The ISO date of a typed text, or null when it is none: day, month and year in that order with
 * `.`, `/` or `-` between them (one or two digits for day and month, four or two for the year,
 * two meaning 20xx), or an ISO date as pasted. Empty text gives ''.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const iso = ISO.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})$/.exec(trimmed);
  if (!m) return null;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return isoOf(year, Number(m[2]), Number(m[1]));
}

/** The time `HH:MM` (24 hours) of a typed text (`8:30`, `08.30`, `0830`), or null; empty text gives ''. */
export function parseTimeText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(trimmed);
  if (!m) return null;
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
