import { describe, expect, it } from 'vitest';
import { matchRanges } from './highlight';

describe('matchRanges', () => {
  it('marks words regardless of case, accents and written-out umlauts', () => {
    expect(matchRanges('Ärztehaus Am Markt', 'arztehaus')).toEqual([[0, 9]]);
    expect(matchRanges('Bürogebäude Hafenkante', 'Buerogebaeude')).toEqual([[0, 11]]);
    expect(matchRanges('Straße 5', 'strasse')).toEqual([[0, 6]]);
    expect(matchRanges('2026-0006-01', '0006-01')).toEqual([[5, 12]]);
  });

  it('marks every word and merges overlaps; nothing for an empty term or a typo', () => {
    expect(matchRanges('Haus A Haus B', 'haus b')).toEqual([
      [0, 4],
      [7, 11],
      [12, 13],
    ]);
    expect(matchRanges('Lindenallee', 'linden allee')).toEqual([[0, 11]]);
    expect(matchRanges('Mehrfamilienhaus Birkenweg', '  ')).toEqual([]);
    expect(matchRanges('Mehrfamilienhaus Birkenweg', 'Birkenwg')).toEqual([]);
  });
});
