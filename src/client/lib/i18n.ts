import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/schemas/common';

declare const __BUILD_ID__: string;

export const languages: Language[] = ['de', 'en', 'nl'];
export const fallbackLanguage: Language = 'de';
const STORAGE_KEY = 'planport.language';

/** Loads translations from assets/i18n/{lang}.json, cache-busted by the build id. */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/assets/i18n/${language}.json?v=${encodeURIComponent(__BUILD_ID__)}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(
        (data) => callback(null, data),
        (err: Error) => callback(err, false),
      );
  },
};

/** The stored choice, else the first supported browser language, else German. */
export function detectLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (languages as string[]).includes(stored)) return stored as Language;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if ((languages as string[]).includes(base)) return base as Language;
  }
  return fallbackLanguage;
}

export async function initI18n(): Promise<void> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      fallbackLng: fallbackLanguage,
      supportedLngs: languages,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = i18next.language;
}

export async function changeLanguage(language: Language, remember = true): Promise<void> {
  if (remember) localStorage.setItem(STORAGE_KEY, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
