import { z } from 'zod';
import { idParam, isoDay } from './common';

/** The manufacturer's outlook (volumes per plant and week, review and delivery figures). */
export const outlookMaterialSchema = z.enum(['aac', 'lintel'], 'VALIDATION.InvalidChoice');
export const outlookCategorySchema = z.enum(
  ['confirmed', 'ordered', 'planned', 'expected'],
  'VALIDATION.InvalidChoice',
);
export const OUTLOOK_CATEGORIES = ['confirmed', 'ordered', 'planned', 'expected'] as const;
export const OUTLOOK_WEEKS = 26;

export const outlookFilterSchema = z.object({
  material: outlookMaterialSchema.default('aac'),
  salesOrgId: idParam.optional(),
  plantId: idParam.optional(),
  productTypeId: idParam.optional(),
  stateKey: z
    .string()
    .max(40, { message: 'VALIDATION.InvalidChoice', abort: true })
    .regex(/^[A-Za-z]{1,40}$/, 'VALIDATION.InvalidChoice')
    .optional(),
});

export const outlookVolumesSchema = z.object({
  material: outlookMaterialSchema,
  /** Mondays of the 26 weeks, from the current week in Europe/Berlin. */
  weeks: z.array(z.object({ weekStart: z.string(), isoWeek: z.string() })),
  plants: z.array(
    z.object({
      plantId: z.number().int().nullable(),
      name: z.string().nullable(),
      weeklyCapacity: z.number().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      plantId: z.number().int().nullable(),
      weekStart: z.string(),
      category: outlookCategorySchema,
      volume: z.number(),
    }),
  ),
});
export type OutlookVolumes = z.infer<typeof outlookVolumesSchema>;

export const outlookEntriesQuerySchema = outlookFilterSchema.extend({
  week: isoDay,
  /** The column's plant; "none" for volumes without a plant. */
  plant: z.union([z.literal('none'), idParam]),
  category: outlookCategorySchema.optional(),
});

export const outlookEntrySchema = z.object({
  category: outlookCategorySchema,
  day: z.string(),
  volume: z.number(),
  projectId: z.number().int(),
  projectNo: z.string(),
  projectTitle: z.string(),
  projectState: z.string(),
  unitId: z.number().int(),
  unitTitle: z.string(),
  lotId: z.number().int().nullable(),
  lotTitle: z.string().nullable(),
});
export type OutlookEntry = z.infer<typeof outlookEntrySchema>;

export const outlookFiguresSchema = z.object({
  since: z.string(),
  reviewRounds: z.object({ count: z.number().int(), medianDays: z.number().nullable() }),
  states: z.array(z.object({ stateKey: z.string(), transitions: z.number().int(), medianDays: z.number() })),
  deliveries: z.object({ count: z.number().int(), onRequestedDate: z.number().int(), share: z.number().nullable() }),
  waiting: z.array(
    z.object({
      projectId: z.number().int(),
      projectNo: z.string(),
      projectTitle: z.string(),
      stateKey: z.string(),
      stateSince: z.string(),
    }),
  ),
});
export type OutlookFigures = z.infer<typeof outlookFiguresSchema>;

export const plantCapacityInputSchema = z.object({
  weeklyCapacity: z
    .number('VALIDATION.Invalid')
    .min(0, 'VALIDATION.MinValue')
    .max(1_000_000, 'VALIDATION.MaxValueReached')
    .nullable(),
});
