import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const dir = path.resolve('public/assets/i18n');
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8'));

async function translator(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: load(lang) } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n);
}

describe('counts in the translation files', () => {
  it('the structure editor total says one subproject in the singular, several in the plural', async () => {
    const expected = {
      de: ['Gesamt: 5 m³ in 1 Teilprojekt', 'Gesamt: 5 m³ in 2 Teilprojekten'],
      en: ['Total: 5 m³ in 1 subproject', 'Total: 5 m³ in 2 subprojects'],
      nl: ['Totaal: 5 m³ in 1 deelproject', 'Totaal: 5 m³ in 2 deelprojecten'],
    };
    for (const [lang, [one, two]] of Object.entries(expected)) {
      const t = await translator(lang);
      expect(t('STRUCTURE.ProjectTotal', { total: '5', subprojects: 1, count: 1 })).toBe(one);
      expect(t('STRUCTURE.ProjectTotal', { total: '5', subprojects: 2, count: 2 })).toBe(two);
    }
  });
});
