import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';

// The app's own German texts, as the browser would load them: tests read what users read.
const de = JSON.parse(readFileSync(path.resolve('public/assets/i18n/de.json'), 'utf8')) as Record<string, unknown>;
await i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  interpolation: { escapeValue: false },
});

// What jsdom lacks and Mantine asks for.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// The set of fonts, whose loading the growing text fields (Textarea autosize) listen to.
if (typeof document.fonts === 'undefined') {
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
