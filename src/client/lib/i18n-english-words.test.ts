import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve('public/assets/i18n');
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8'));

function entries(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? entries(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)]],
  );
}

/**
 * Common English words that are not also German or Dutch words (so not "in", "die", "was", "data", "type",
 * "project", "open", "help", "link", "status", "item", "account": those are ordinary de/nl words or loan words).
 */
const englishWords = [
  'the',
  'and',
  'please',
  'error',
  'errors',
  'invalid',
  'unknown',
  'small',
  'toggle',
  'password',
  'image',
  'failed',
  'crop',
  'with',
  'you',
  'your',
  'this',
  'not',
  'cannot',
  'must',
  'should',
  'has',
  'have',
  'been',
  'from',
  'save',
  'saved',
  'delete',
  'deleted',
  'cancel',
  'close',
  'submit',
  'loading',
  'required',
  'missing',
  'found',
  'wrong',
  'select',
  'choose',
  'order',
  'user',
  'new',
  'edit',
  'row',
  'rows',
  'file',
  'files',
  'request',
  'sign',
  'settings',
  'notification',
  'notifications',
  'banner',
  'preliminary',
  'days',
  'width',
  'height',
  'quantity',
];

/** Words that stay as they are in German and Dutch: product names and true loan words. */
const allowed = ['Workflow', 'Workflows', 'Viewer', 'BIM', 'Logo', 'Zoom', 'OpenID', 'E-Mail', 'Planport', 'SMTP'];

const pattern = new RegExp(`\\b(${englishWords.join('|')})\\b`, 'i');

/** The text a user reads: placeholders ({{count}}) and allowed loan words removed. */
function readable(value: string): string {
  let text = value.replace(/\{\{[^}]*\}\}/g, ' ');
  for (const word of allowed) text = text.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
  return text;
}

describe('German and Dutch translations', () => {
  for (const lang of ['de', 'nl']) {
    it(`contain no English words (${lang})`, () => {
      const hits = entries(load(lang))
        .map(([key, value]) => [key, readable(value).match(pattern)?.[0]] as const)
        .filter(([, word]) => word !== undefined)
        .map(([key, word]) => `${key}: ${word}`);
      expect(hits).toEqual([]);
    });
  }

  it('flags an English word and leaves loan words alone', () => {
    expect(readable('Invalid image type').match(pattern)?.[0]).toBe('Invalid');
    expect(readable('Viewer öffnen, Zoom, {{count}} Workflows').match(pattern)).toBeNull();
  });
});
