import { z } from 'zod';
import {
  questionnaireVariants,
  sheetSchema,
  storedDataInputSchema,
  storedDataSchema,
} from '../questionnaire/definition';

/** The project information sheet of a root project, as the screen and the print page load it. */
export const questionnaireSchema = z.object({
  rootUnitId: z.number().int(),
  projectNo: z.string(),
  title: z.string(),
  variant: z.enum(questionnaireVariants),
  /** The supplier's sheet set (`nl`, `de-alt`, …); null for the material-choice tenant. */
  setKey: z.string().nullable(),
  /** The sheets that may be shown, in tab order (activation decides which are). */
  sheets: z.array(sheetSchema),
  /** `_versions` plus the values per sheet; empty until first saved. */
  data: storedDataSchema,
  /** Computed by the server when saved. */
  isValid: z.boolean(),
  /** The edit rule (spec §4): otherwise the sheet is shown read-only and a save answers 403. */
  canEdit: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** Save data (spec §3): the client's `isValid` is accepted for compatibility and ignored. */
export const saveQuestionnaireSchema = z.object({
  data: storedDataInputSchema,
  isValid: z.boolean().optional(),
});
export type SaveQuestionnaire = z.infer<typeof saveQuestionnaireSchema>;

/** One approval lot in the supplier's delivery schedule box. */
export const deliveryScheduleEntrySchema = z.object({
  projectUnitID: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  custRef: z.string(),
  /** The lot's materials with their volume, e.g. `cs 12.5 m³`. */
  features: z.array(z.string()),
  /** ISO week of the lot's delivery date, `2027-W09`. */
  deliveryWeek: z.string().nullable(),
  note: z.string().nullable(),
});
export type DeliveryScheduleEntry = z.infer<typeof deliveryScheduleEntrySchema>;
