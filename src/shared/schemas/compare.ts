import { z } from 'zod';
import { idParam } from './common';

/** `GET …/files/{fileId}/compare?version=&against=`: the newer version (default newest) and the older one. */
export const compareQuerySchema = z.object({ version: idParam.optional(), against: idParam });
export type CompareQuery = z.infer<typeof compareQuerySchema>;

const fraction = z.number().min(0).max(1);

/** A changed region of a page, in fractions of the newer page; the box becomes a topic's markup area. */
export const changedRegionSchema = z.object({
  x1: fraction,
  y1: fraction,
  x2: fraction,
  y2: fraction,
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
});

export const pageComparisonSchema = z.object({
  page: z.number().int().min(1),
  inOlder: z.boolean(),
  inNewer: z.boolean(),
  /** The shift of the newer page against the older one in PDF points (1/72 inch). */
  offset: z.object({ dx: z.number(), dy: z.number() }),
  regions: z.array(changedRegionSchema),
});

const comparedBase = z.object({
  fileID: z.number().int(),
  version: z.number().int(),
  against: z.number().int(),
  /** Whether the result was kept from an earlier request. */
  cached: z.boolean(),
  durationMs: z.number().int().min(0),
});

export const pdfComparisonSchema = comparedBase.extend({
  kind: z.literal('pdf'),
  pages: z.array(pageComparisonSchema),
  /** More pages than compared (the rest is not compared). */
  truncated: z.boolean(),
  regionCount: z.number().int().min(0),
});
export type PdfComparisonView = z.infer<typeof pdfComparisonSchema>;

export const modelElementSchema = z.object({ globalId: z.string(), type: z.string(), name: z.string() });
export const elementChangeSchema = z.object({
  kind: z.enum(['type', 'placement', 'geometry', 'attribute', 'property']),
  name: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export const changedElementSchema = modelElementSchema.extend({ changes: z.array(elementChangeSchema) });

export const modelComparisonSchema = comparedBase.extend({
  kind: z.literal('model'),
  added: z.array(modelElementSchema),
  removed: z.array(modelElementSchema),
  changed: z.array(changedElementSchema),
  unchanged: z.number().int().min(0),
});
export type ModelComparisonView = z.infer<typeof modelComparisonSchema>;

export const versionComparisonSchema = z.discriminatedUnion('kind', [pdfComparisonSchema, modelComparisonSchema]);
export type VersionComparison = z.infer<typeof versionComparisonSchema>;
