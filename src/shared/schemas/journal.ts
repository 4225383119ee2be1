import { z } from 'zod';
import { listResponse } from './list';

export const journalContentSchema = z.object({
  oldState: z.string().nullable(),
  newState: z.string(),
  additionalMessage: z.string().nullish(),
});

/** §3 Journal entry. */
export const journalEntrySchema = z.object({
  projectUnitsJournalID: z.number().int(),
  projectUnitID: z.number().int(),
  projectUnitName: z.string(),
  projectUnitNo: z.string(),
  projectUnitType: z.string(),
  date: z.string(),
  userEmail: z.string().nullable(),
  contentJson: journalContentSchema,
  delayed: z.boolean(),
  rule: z.object({ remindAfterWorkingDays: z.number(), escalateAfterWorkingDays: z.number() }).nullable(),
  reminderID: z.number().int().nullable(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalPageSchema = listResponse(journalEntrySchema);
export type JournalPage = z.infer<typeof journalPageSchema>;
