import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { greeting, serverLanguage, t } from '.';

const serverDir = path.resolve('src/server');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
const load = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve('public/assets/i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;
const lookup = (data: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);

describe('server texts', () => {
  it('come in the recipient language, German for an unknown or missing one', () => {
    expect(t('en', 'JOURNAL.Lines.FileDeleted', { name: 'a.pdf' })).toBe('File deleted: a.pdf');
    expect(t('nl', 'JOURNAL.Lines.FileDeleted', { name: 'a.pdf' })).toBe('Bestand verwijderd: a.pdf');
    expect(t('fr', 'JOURNAL.Lines.FileDeleted', { name: 'a.pdf' })).toBe('Datei gelöscht: a.pdf');
    expect(t(null, 'JOURNAL.Lines.FileDeleted', { name: 'a.pdf' })).toBe('Datei gelöscht: a.pdf');
    expect(serverLanguage('xx')).toBe('de');
    expect(serverLanguage('nl')).toBe('nl');
  });

  it('pick the plural form from the count, per language', () => {
    expect(t('de', 'MAIL.Tasks.DailySubject', { count: 1 })).toBe('Planport: 1 offene Aufgabe');
    expect(t('de', 'MAIL.Tasks.DailySubject', { count: 0 })).toBe('Planport: 0 offene Aufgaben');
    expect(t('en', 'JOURNAL.Lines.BcfImported', { count: 2 })).toBe('2 markups imported from BCF');
    expect(t('nl', 'JOURNAL.Lines.MemberRemovedTasks', { name: 'Jan', count: 1 })).toBe(
      'Lid verwijderd: Jan – 1 openstaande taak overgedragen',
    );
  });

  it('leave values as written (no HTML escaping) and greet without a name when there is none', () => {
    expect(t('en', 'JOURNAL.Lines.FileUploaded', { name: '<a & b>.pdf' })).toBe('File uploaded: <a & b>.pdf');
    expect(greeting('de', 'Anna')).toBe('Guten Tag Anna,');
    expect(greeting('de', ' ')).toBe('Guten Tag,');
    expect(greeting('nl', null)).toBe('Geachte heer/mevrouw,');
  });

  it('use only keys that exist in every language (literal keys in the server code)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(serverDir)) {
      const source = fs.readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\b(?:t|translate)\(\s*[\w.]+,\s*'([A-Z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)'/g)) {
        used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    for (const lang of ['de', 'en', 'nl']) {
      const data = load(lang);
      const missing = [...used].filter(
        (key) => typeof lookup(data, key) !== 'string' && typeof lookup(data, `${key}_other`) !== 'string',
      );
      expect(missing, lang).toEqual([]);
    }
  });
});
