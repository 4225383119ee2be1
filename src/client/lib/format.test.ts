import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';

describe('createFormatters', () => {
  it('builds the formatters once per language, so columns memoised on them keep their identity', () => {
    expect(createFormatters('de')).toBe(createFormatters('de'));
    expect(createFormatters('de').date).toBe(createFormatters('de').date);
    expect(createFormatters('en')).not.toBe(createFormatters('de'));
  });

  it('formats each UI language in its locale; another tag is used as it is', () => {
    expect(['de', 'en', 'nl', 'fr-CA'].map((l) => createFormatters(l).locale)).toEqual([
      'de-DE',
      'en-GB',
      'nl-NL',
      'fr-CA',
    ]);
  });

  it('formats in the language and shows a dash for a missing or unreadable value', () => {
    const de = createFormatters('de');
    const en = createFormatters('en');
    expect(de.date('2026-01-31')).toBe('31.01.2026');
    expect(en.date('2026-01-31')).toBe('31 Jan 2026');
    expect(de.number(1234.5)).toBe('1.234,5');
    for (const f of [de.date, de.longDate, de.dateTime]) {
      expect(f(null)).toBe('–');
      expect(f('not a date')).toBe('–');
    }
  });
});
