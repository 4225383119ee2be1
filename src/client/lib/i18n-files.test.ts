import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve('public/assets/i18n');
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8'));

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translation files', () => {
  it('have the same keys in de, en and nl, none empty', () => {
    const de = load('de');
    const deKeys = keys(de).sort();
    for (const lang of ['en', 'nl']) {
      const other = load(lang);
      expect(keys(other).sort(), lang).toEqual(deKeys);
      for (const k of keys(other)) {
        const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], other);
        expect(String(value).trim(), `${lang}:${k}`).not.toBe('');
      }
    }
  });
});
