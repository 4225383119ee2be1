export type JournalContent = { oldState: string | null; newState: string; additionalMessage?: string | null };

/**
 * What a journal line reports. A state change reads "old → new"; an event that leaves the state as
 * it was (a delivery confirmed, members changed, data edited) carries the state only as context, so
 * the line shows the event itself, never "ProvideFiles → ProvideFiles".
 */
export function journalChange(
  c: JournalContent,
  stateLabel: (state: string) => string,
): { kind: 'state'; text: string } | { kind: 'event'; text: string } {
  if (c.oldState === c.newState && c.additionalMessage) return { kind: 'event', text: c.additionalMessage };
  return { kind: 'state', text: `${c.oldState ? stateLabel(c.oldState) : '–'} → ${stateLabel(c.newState)}` };
}
