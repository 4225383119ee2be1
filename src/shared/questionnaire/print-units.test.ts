import { describe, expect, it } from 'vitest';
import { definitionFileSchema, type Sheet } from './definition';
import { normalize } from './engine';
import { printModel } from './print';
import materialChoice from './definitions/material-choice.json';

const sheets: Sheet[] = definitionFileSchema.parse(materialChoice).sheets;

describe('units in the printed information sheet', () => {
  it('a piece count shows the unit of the reader’s language', () => {
    const data = normalize(sheets, { 'xde-general': { materials: ['lintel'] }, 'xde-lintel': { lintelCount: 46 } });
    const value = (lang: 'de' | 'en' | 'nl') =>
      printModel(sheets, data, lang)
        .find((s) => s.name === 'xde-lintel')
        ?.sections.flatMap((s) => s.rows)
        .find((r) => /46/.test(r.value))?.value;
    expect(value('de')).toBe('46 Stk.');
    expect(value('en')).toBe('46 pcs');
    expect(value('nl')).toBe('46 st.');
  });

  it('a number is written as the reader’s language writes it, each time', () => {
    const data = normalize(sheets, { 'xde-general': { materials: ['lintel'] }, 'xde-lintel': { lintelCount: 1234 } });
    const value = (lang: 'de' | 'en' | 'nl') =>
      printModel(sheets, data, lang)
        .find((s) => s.name === 'xde-lintel')
        ?.sections.flatMap((s) => s.rows)
        .find((r) => /234/.test(r.value))?.value;
    expect([value('de'), value('en'), value('nl'), value('de')]).toEqual([
      '1.234 Stk.',
      '1,234 pcs',
      '1.234 st.',
      '1.234 Stk.',
    ]);
  });

  it('no piece unit is left as a bare German abbreviation in the shipped sheets', () => {
    const units = JSON.stringify(materialChoice).match(/"unit":"[^"]*"/g) ?? [];
    expect(units.filter((u) => /St/.test(u))).toEqual([]);
  });
});
