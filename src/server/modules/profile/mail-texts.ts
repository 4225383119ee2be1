import fs from 'node:fs';
import path from 'node:path';

/** Mail texts come from the same translation files as the interface, in the user's language. */
const i18nDir = path.resolve('public/assets/i18n');
const cache = new Map<string, Record<string, unknown>>();

function load(language: string): Record<string, unknown> {
  const lang = ['de', 'en', 'nl'].includes(language) ? language : 'de';
  let data = cache.get(lang);
  if (!data) {
    data = JSON.parse(fs.readFileSync(path.join(i18nDir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(lang, data);
  }
  return data;
}

/** Translates a dotted key with {{name}} placeholders; falls back to German, then to the key. */
export function mailText(language: string, key: string, values: Record<string, string> = {}): string {
  const lookup = (data: Record<string, unknown>) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        data,
      );
  const found = lookup(load(language)) ?? lookup(load('de'));
  const text = typeof found === 'string' ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}
