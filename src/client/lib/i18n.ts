import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language } from '../../shared/schemas/common';

declare const __BUILD_ID__: string;

export { fallbackLanguage, languages };
const STORAGE_KEY = 'planport.language';

type Translations = Record<string, unknown>;
const pending = new Map<string, Promise<Translations>>();

/**
 * Starts loading a language's translations (assets/i18n/{lang}.json, cache-busted by the build id)
 * before i18next asks for them, so the file travels beside the first API requests; a failed
 * request is forgotten and asked again on the next read.
 */
export function preloadLanguage(language: string): Promise<Translations> {
  let request = pending.get(language);
  if (!request) {
    request = fetch(`/assets/i18n/${language}.json?v=${encodeURIComponent(__BUILD_ID__)}`).then((r) =>
      r.ok ? (r.json() as Promise<Translations>) : Promise.reject(new Error(`HTTP ${r.status}`)),
    );
    pending.set(language, request);
    request.catch(() => pending.delete(language));
  }
  return request;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    preloadLanguage(language).then(
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

/** Starts with `language` (the profile's, once known), else the detected one. */
export async function initI18n(language: Language = detectLanguage()): Promise<void> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback file: the three files have the same keys, none empty (i18n-files.test.ts), so
      // a second file would only add its bytes to the first page.
      fallbackLng: false,
      supportedLngs: languages,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = i18next.language;
}

export async function changeLanguage(language: Language, remember = true): Promise<void> {
  if (remember) localStorage.setItem(STORAGE_KEY, language);
  // The same language again would still re-render every translated component.
  if (i18next.language === language) return;
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
