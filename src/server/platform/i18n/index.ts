import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { fallbackLanguage, languages, type Language } from '../../../shared/schemas/common';

/**
 * Server texts (mails, journal lines, calendar feeds) come from the interface's translation files,
 * public/assets/i18n/{lang}.json, through one i18next instance: the same keys, the same {{name}}
 * placeholders and the same plurals (`Key_one`/`Key_other`, chosen by Intl.PluralRules from `count`)
 * as on the screen, so the parity and wording tests cover them too.
 */
const i18nDir = path.resolve('public/assets/i18n');

let instance: I18n | undefined;

function translator(): I18n {
  if (!instance) {
    const resources = Object.fromEntries(
      languages.map((lang) => [
        lang,
        { translation: JSON.parse(fs.readFileSync(path.join(i18nDir, `${lang}.json`), 'utf8')) as object },
      ]),
    );
    instance = createInstance();
    void instance.init({
      resources,
      lng: fallbackLanguage,
      fallbackLng: fallbackLanguage,
      supportedLngs: languages,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return instance;
}

/** A stored or requested language as one of ours; anything else reads German. */
export function serverLanguage(language: string | null | undefined): Language {
  return (languages as string[]).includes(language ?? '') ? (language as Language) : fallbackLanguage;
}

export type TextValues = Record<string, string | number>;

/**
 * The text under a dotted key in the given language (German when the language or the key is
 * missing there). Pass `count` for a plural key; `defaultValue` for keys that may not exist.
 */
export function t(language: string | null | undefined, key: string, values: TextValues = {}): string {
  return translator().t(key, { ...values, lng: serverLanguage(language) });
}

/** "Guten Tag Anna," / "Hello Anna," / "Beste Anna,", or the salutation without a name. */
export function greeting(language: string | null | undefined, name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return trimmed ? t(language, 'MAIL.Greeting', { name: trimmed }) : t(language, 'MAIL.GreetingNoName');
}
