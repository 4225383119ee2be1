import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datePlaceholder, formatDateText, parseDateText, parseTimeText } from './date-text';

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('date text', () => {
  it('writes an ISO date as each language does', () => {
    expect(formatDateText('2026-12-08', 'de')).toBe('08.12.2026');
    expect(formatDateText('2026-12-08', 'en')).toBe('08/12/2026');
    expect(formatDateText('2026-12-08', 'nl')).toBe('08-12-2026');
    expect(formatDateText('', 'de')).toBe('');
    expect(formatDateText(null, 'de')).toBe('');
    expect(formatDateText('8.12.', 'de')).toBe('8.12.');
    expect(datePlaceholder('de')).toBe('TT.MM.JJJJ');
    expect(datePlaceholder('en')).toBe('DD/MM/YYYY');
    expect(datePlaceholder('nl')).toBe('DD-MM-JJJJ');
  });

  it('reads what it writes, in every language', () => {
    fc.assert(
      fc.property(isoDate, fc.constantFrom('de', 'en', 'nl'), (iso, language) => {
        expect(parseDateText(formatDateText(iso, language))).toBe(iso);
      }),
    );
  });

  it('reads short forms, any separator and a pasted ISO date', () => {
    expect(parseDateText('8.12.2026')).toBe('2026-12-08');
    expect(parseDateText(' 08/12/26 ')).toBe('2026-12-08');
    expect(parseDateText('8-1-2027')).toBe('2027-01-08');
    expect(parseDateText('2026-12-08')).toBe('2026-12-08');
    expect(parseDateText('')).toBe('');
    expect(parseDateText('   ')).toBe('');
  });

  it('takes no date that does not exist, and no other text', () => {
    for (const text of [
      '31.02.2026',
      '29.02.2027',
      '00.01.2026',
      '12.13.2026',
      '2026-02-30',
      '8.12.',
      'morgen',
      '8.12.202',
    ])
      expect(parseDateText(text), text).toBeNull();
    expect(parseDateText('29.02.2028')).toBe('2028-02-29');
  });

  it('reads times of day in 24 hours', () => {
    expect(parseTimeText('8:30')).toBe('08:30');
    expect(parseTimeText('08.30')).toBe('08:30');
    expect(parseTimeText('0830')).toBe('08:30');
    expect(parseTimeText('23:59')).toBe('23:59');
    expect(parseTimeText('')).toBe('');
    for (const text of ['24:00', '12:60', '8', '8:3', 'noon']) expect(parseTimeText(text), text).toBeNull();
  });
});
