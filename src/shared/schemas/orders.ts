import { z } from 'zod';
import { idParam, idValue, MAX_INT, text } from './common';
import { siteAddressSchema, siteContactSchema } from './projects';
import { LINTEL_TYPES } from '../rules/lintel';

/** Catalogue entries as the client sees them (the shapes of src/shared/rules). */
export const aacProductSchema = z.object({
  productNo: z.number().int(),
  title: z.string(),
  articleNo: z.string(),
  thicknessMm: z.number(),
  widthMm: z.number(),
  minLengthMm: z.number(),
  maxLengthMm: z.number(),
  lengthStepMm: z.number(),
  palletCapacity: z.number(),
  colorIndex: z.number().int(),
  active: z.boolean(),
});
export type AacProductDto = z.infer<typeof aacProductSchema>;

export const lintelProductSchema = z.object({
  productNo: z.number().int(),
  title: z.string(),
  itemNo: z.string(),
  lintelType: z.enum(LINTEL_TYPES),
  thickness: z.number(),
  length: z.number(),
  height: z.number(),
  piecesPerPallet: z.number(),
  active: z.boolean(),
});
export type LintelProductDto = z.infer<typeof lintelProductSchema>;

export const unitQuerySchema = z.object({ projectUnitID: idParam });
export const versionQuerySchema = z.object({ version: idParam });

const name = text(100, { required: false }).nullable();
const positiveInt = z.int().positive().max(MAX_INT);

/** §3 AAC order item: itemLength in metres; thickness/width/length/pallets computed. */
export const aacOrderItemSchema = z.object({
  aacOrderLotItemID: z.number().int(),
  projectUnitID: z.number().int(),
  itemIndex: z.number().int(),
  sublotName: z.string().nullable(),
  floorName: z.string().nullable(),
  productNo: z.number().int(),
  product: aacProductSchema,
  itemLength: z.number(),
  qty: z.number().int(),
  thickness: z.number(),
  width: z.number(),
  length: z.number(),
  pallets: z.number(),
  version: z.number().int(),
});
export type AacOrderItem = z.infer<typeof aacOrderItemSchema>;

export const aacItemInputSchema = z.object({
  sublotName: name,
  floorName: name,
  productNo: idValue,
  itemLength: z.number().positive().max(100),
  qty: z.number().int().min(0).max(100_000),
});
export const aacItemCreateSchema = aacItemInputSchema.extend({
  projectUnitID: idValue,
  itemIndex: idValue.optional(),
});
export const aacItemUpdateSchema = aacItemInputSchema.extend({
  version: idValue,
  itemIndex: idValue.optional(),
});
export type AacItemCreate = z.infer<typeof aacItemCreateSchema>;

/** §3 lintel order item; dimensions in millimetres. */
export const lintelOrderItemSchema = z.object({
  lintelOrderLotItemID: z.number().int(),
  projectUnitID: z.number().int(),
  itemIndex: z.number().int(),
  sublotName: z.string().nullable(),
  floorName: z.string().nullable(),
  qty: z.number().int(),
  hasCut: z.boolean(),
  height: z.number(),
  thickness: z.number(),
  length: z.number(),
  productNo: z.number().int(),
  product: lintelProductSchema,
  lintelType: z.enum(LINTEL_TYPES),
  version: z.number().int(),
});
export type LintelOrderItem = z.infer<typeof lintelOrderItemSchema>;

export const lintelItemInputSchema = z.object({
  sublotName: name,
  floorName: name,
  thickness: positiveInt,
  length: positiveInt,
  height: positiveInt,
  productNo: idValue,
  qty: z.number().int().min(0).max(100_000),
});
export const lintelItemCreateSchema = lintelItemInputSchema.extend({
  projectUnitID: idValue,
  itemIndex: idValue.optional(),
});
export const lintelItemUpdateSchema = lintelItemInputSchema.extend({
  version: idValue,
  itemIndex: idValue.optional(),
});
export type LintelItemCreate = z.infer<typeof lintelItemCreateSchema>;

/** A load answers the items with the abilities the server computed for this user. */
export const aacItemListSchema = z.object({ data: z.array(aacOrderItemSchema), canEdit: z.boolean() });
export const lintelItemListSchema = z.object({ data: z.array(lintelOrderItemSchema), canEdit: z.boolean() });
export const aacCatalogueSchema = z.object({ data: z.array(aacProductSchema) });
export const lintelCatalogueSchema = z.object({ data: z.array(lintelProductSchema) });

export const catalogueKindSchema = z.enum(['aac', 'lintel']);
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;

export const catalogueImportSchema = z.object({ csv: z.string().min(1).max(2_000_000) });
export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  reason: z.string(),
  value: z.string().nullable(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;
export const importReportSchema = z.object({
  applied: z.boolean(),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  problems: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * What an order confirmation shows besides the rows and the summary (and what the confirmation
 * mail says): when and by whom the order was placed (null before), the delivery date and the site.
 */
export const orderConfirmationSchema = z.object({
  projectUnitNo: z.string(),
  title: z.string(),
  projectNo: z.string(),
  projectTitle: z.string(),
  placedAt: z.string().nullable(),
  placedBy: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  siteAddress: siteAddressSchema.nullable(),
  siteContact: siteContactSchema.nullable(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;
