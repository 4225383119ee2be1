import { describe, expect, it } from 'vitest';
import { journalTexts } from './journal-texts';

describe('review journal lines', () => {
  it('use the singular for one open markup in every language', () => {
    expect(journalTexts('de').approved(1)).toBe('Zeichnungen freigegeben (1 offene Anmerkung)');
    expect(journalTexts('en').approved(1)).toBe('Drawings approved (1 open markup)');
    expect(journalTexts('nl').approved(1)).toBe('Tekeningen goedgekeurd (1 open opmerking)');
    expect(journalTexts('de').revision(['Tür'])).toBe('Überarbeitung angefordert, 1 offene Anmerkung: Tür');
    expect(journalTexts('en').revision(['Door'])).toBe('Revision requested, 1 open markup: Door');
    expect(journalTexts('nl').revision(['Deur'])).toBe('Revisie aangevraagd, 1 open opmerking: Deur');
    expect(journalTexts('nl').imported(1)).toBe('1 opmerking uit BCF geïmporteerd');
  });

  it('use the plural for none and for several', () => {
    expect(journalTexts('de').approved(0)).toBe('Zeichnungen freigegeben (0 offene Anmerkungen)');
    expect(journalTexts('en').revision(['A', 'B'])).toBe('Revision requested, 2 open markups: A; B');
    expect(journalTexts('nl').revision([])).toBe('Revisie aangevraagd, 0 open opmerkingen');
    expect(journalTexts('de').imported(3)).toBe('3 Anmerkungen aus BCF importiert');
  });
});
