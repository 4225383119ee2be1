import { describe, expect, it } from 'vitest';
import { journalChange } from './journal-change';

const label = (s: string) => `[${s}]`;

describe('journal lines', () => {
  it('show an event that keeps the state as the event, not as a change to the same state', () => {
    expect(
      journalChange(
        {
          oldState: 'ProvideFiles',
          newState: 'ProvideFiles',
          additionalMessage: 'Lieferlos bestätigt (fest): EG, 2026-12-18',
        },
        label,
      ),
    ).toEqual({ kind: 'event', text: 'Lieferlos bestätigt (fest): EG, 2026-12-18' });
  });

  it('show a state change as old → new', () => {
    expect(journalChange({ oldState: 'Structuring', newState: 'Preparing', additionalMessage: 'x' }, label)).toEqual({
      kind: 'state',
      text: '[Structuring] → [Preparing]',
    });
    expect(journalChange({ oldState: null, newState: 'Structuring', additionalMessage: null }, label).text).toBe(
      '– → [Structuring]',
    );
  });
});
