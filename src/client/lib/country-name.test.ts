import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('country names on the site card', () => {
  it('an ISO code reads as the country in the reader’s language', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'nl')).toBe('Duitsland');
    expect(countryName('de', 'en')).toBe('Germany');
  });
  it('anything else stays as typed', () => {
    expect(countryName('Österreich', 'nl')).toBe('Österreich');
    expect(countryName('', 'de')).toBe('');
    expect(countryName(null, 'de')).toBe('');
  });
});
