import { z } from 'zod';
import { idValue } from './common';
import { listResponse } from './list';
import { materialSchema } from './projects';
import { fileConversionSchema } from './review';

/**
 * Delivery planning (spec/projects-workflows.md §2, §3, §7): the delivery data structure of a
 * project (subprojects → approval lots → materials), delivery lots and the delivery overview.
 */

const isoDay = z
  .string()
  .max(10, { message: 'VALIDATION.InvalidDate', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'VALIDATION.InvalidDate');

export const deliveryApprovalLotSchema = z.object({
  projectUnitID: z.number().int(),
  approvalLotTitle: z.string(),
  projectUnitNo: z.string(),
  /** Today plus the preliminary days of the lot's plant and product type. */
  earliestDeliveryDate: z.string(),
  materials: z.array(materialSchema),
});

export const deliverySubprojectSchema = z.object({
  subProjectID: z.number().int(),
  subProjectTitle: z.string(),
  approvalLots: z.array(deliveryApprovalLotSchema),
});

export const deliveryDataSchema = z.object({
  today: z.string(),
  /** The earliest of the lots' minimum dates (the info tooltip names it). */
  earliestDeliveryDate: z.string(),
  preliminaryDays: z.number().int(),
  canEdit: z.boolean(),
  subProjects: z.array(deliverySubprojectSchema),
});
export type DeliveryData = z.infer<typeof deliveryDataSchema>;

/** The delivery data structure post: the new materials of the approval lots that changed. */
export const saveDeliveryDataSchema = z.object({
  approvalLots: z
    .array(z.object({ projectUnitID: idValue, materials: z.array(materialSchema).max(20) }))
    .min(1)
    .max(500),
});
export type SaveDeliveryDataInput = z.infer<typeof saveDeliveryDataSchema>;

// ---- Delivery lots ------------------------------------------------------------------------------

/** 0 Fixed, 1 OnCall, 2 Planned (spec §4). */
export const deliveryTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;
export const deliveryTypeKeys = { 0: 'Fixed', 1: 'OnCall', 2: 'Planned' } as const;

export const deliveryLotSchema = z.object({
  deliveryLotID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  title: z.string(),
  /** The confirmed date when there is one, else the requested date: the date the truck comes. */
  deliveryDate: z.string(),
  /** The customer's wish. */
  requestedDate: z.string(),
  /** The plant's confirmation (null while not confirmed). */
  confirmedDate: z.string().nullable(),
  /** Requested and confirmed date differ. */
  dateDiverges: z.boolean(),
  /** Comma list of approval lot titles (spec §3 "groups"). */
  groups: z.string(),
  /** Comma list of wall numbers (names from the model tree). */
  wallNos: z.string(),
  /** Comma list of the approval lots' unit ids. */
  projectUnitIDs: z.string(),
  /** The walls' IFC GlobalIds, for the highlight in the model. */
  wallGlobalIds: z.array(z.string()),
  deliveryType: deliveryTypeSchema,
});
export type DeliveryLot = z.infer<typeof deliveryLotSchema>;

export const deliveryLotPageSchema = listResponse(deliveryLotSchema);
export type DeliveryLotPage = z.infer<typeof deliveryLotPageSchema>;

const wallSchema = z.object({ globalId: z.string().min(1).max(64), name: z.string().max(200) });

export const deliveryLotInputSchema = z.object({
  title: z.string().trim().min(1, 'VALIDATION.IsRequired').max(200),
  requestedDate: isoDay,
  confirmedDate: isoDay.nullable(),
  deliveryType: deliveryTypeSchema,
  approvalLotIDs: z.array(idValue).min(1, 'VALIDATION.IsRequired').max(100),
  walls: z.array(wallSchema).max(2000),
});
export type DeliveryLotInput = z.infer<typeof deliveryLotInputSchema>;

/** The overview's page: the lots plus what the page may offer. */
export const deliveryOverviewInfoSchema = z.object({
  rootProjectUnitID: z.number().int(),
  projectUnitNo: z.string(),
  title: z.string(),
  canManage: z.boolean(),
  canConfirm: z.boolean(),
  approvalLots: z.array(z.object({ projectUnitID: z.number().int(), title: z.string() })),
  /** The project's IFC model (newest version on the project) and how far its conversion for the viewer is. */
  model: z
    .object({
      projectFileVersionID: z.number().int(),
      fileName: z.string(),
      conversion: fileConversionSchema,
    })
    .nullable(),
});
export type DeliveryOverviewInfo = z.infer<typeof deliveryOverviewInfoSchema>;

/** Upcoming delivery lots whose confirmed date differs from the requested one (dashboard). */
export const divergingDeliverySchema = z.object({
  deliveryLotID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  projectUnitNo: z.string(),
  projectTitle: z.string(),
  title: z.string(),
  requestedDate: z.string(),
  confirmedDate: z.string(),
});
export const divergingDeliveriesSchema = listResponse(divergingDeliverySchema);
export type DivergingDeliveries = z.infer<typeof divergingDeliveriesSchema>;

// ---- Model tree (GET api/view/{unitId}/{unitId}.json) ---------------------------------------------

const wallNodeSchema = z.object({
  type: z.literal('WALL'),
  globalid: z.string(),
  name: z.string(),
  children: z.array(z.never()),
});
const floorNodeSchema = z.object({
  type: z.literal('FLOOR'),
  globalid: z.string(),
  name: z.string(),
  children: z.array(wallNodeSchema),
});
/** The model: its storeys (FLOOR) with the walls (WALL) they contain. */
export const modelTreeSchema = z.object({
  type: z.literal('MODEL'),
  name: z.string(),
  children: z.array(floorNodeSchema),
  /** Elements added or changed since the model's previous version (by GlobalId); absent for a first version. */
  changes: z.object({ since: z.number().int(), globalIds: z.array(z.string()) }).optional(),
});
export type ModelTreeResponse = z.infer<typeof modelTreeSchema>;
