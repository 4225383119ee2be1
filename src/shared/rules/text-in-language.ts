import { languages } from '../schemas/common';

/** Tenant content per language (de, en, nl): tenant information, catalogue titles, plant names. */
export type TextsByLanguage = Partial<Record<string, unknown>> | null | undefined;

/**
 * Tenant content in the reader's language: the first non-empty text of the reader's language, the
 * tenant's language, then `otherwise` — the base text of a record that has one (a catalogue
 * article's title, a plant's name), else the text of any language. One rule for every screen and
 * mail that shows tenant content.
 */
export function textInLanguage(
  texts: TextsByLanguage,
  language: string,
  tenantLanguage: string,
  otherwise?: string,
): string {
  const text = (lang: string) => {
    const value = texts?.[lang];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  return text(language) ?? text(tenantLanguage) ?? otherwise ?? languages.map(text).find((v) => v !== undefined) ?? '';
}
