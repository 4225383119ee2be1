import { z } from 'zod';

const isoDay = z
  .string()
  .max(10, { message: 'VALIDATION.InvalidDate', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'VALIDATION.InvalidDate');

/**
 * The structure editor's data (spec §3 "local structure draft" and "delivery structure"):
 * subprojects with their approval lots, each lot with one row per material.
 */
export const structureMaterialSchema = z.object({
  type: z.string().trim().min(1).max(50),
  volume: z.number().min(0).max(100000),
  deliveryDate: isoDay.nullable(),
  /** The volume was proposed from the model's wall quantities and is not yet confirmed. */
  fromModel: z.boolean().optional(),
});
export type StructureMaterial = z.infer<typeof structureMaterialSchema>;

export const structureApprovalLotSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  materials: z.array(structureMaterialSchema).max(20),
});
export type StructureApprovalLot = z.infer<typeof structureApprovalLotSchema>;

export const structureSubprojectSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  expanded: z.boolean().optional(),
  approvalLots: z.array(structureApprovalLotSchema).max(200),
});
export type StructureSubproject = z.infer<typeof structureSubprojectSchema>;

export const structureSchema = z.object({ subProjects: z.array(structureSubprojectSchema).max(200) });
export type Structure = z.infer<typeof structureSchema>;

/** The server-side draft of a project (Save) with what the editor needs to check it. */
export const structureDraftResponseSchema = z.object({
  structure: structureSchema.nullable(),
  savedOn: z.string().nullable(),
  savedByName: z.string().nullable(),
  earliestDeliveryDate: z.string(),
  preliminaryDays: z.number().int(),
  materialTypes: z.array(z.string()),
  stateKey: z.string(),
  /** The user may save and finish (Structuring, task holder or internal user, feature on). */
  canEdit: z.boolean(),
  /**
   * Subprojects the project already holds, made on the project page: the editor lists them
   * beside its own, so finishing is never refused for a unit nobody can see.
   */
  existingSubprojects: z
    .array(
      z.object({
        projectUnitID: z.number().int(),
        projectUnitNo: z.string(),
        title: z.string(),
        projectUnitTypeVariant: z.string().nullable(),
        children: z.number().int(),
        volume: z.number(),
      }),
    )
    .optional(),
});
export type StructureDraftResponse = z.infer<typeof structureDraftResponseSchema>;

export const saveStructureDraftSchema = z.object({ structure: structureSchema });

/** `POST /api/tasks/create-project-structure/{rootId}`: the delivery structure (spec §3). */
export const deliveryStructureSchema = z
  .array(
    z.object({
      subProjectTitle: z.string().max(200),
      approvalLots: z
        .array(
          z.object({
            approvalLotTitle: z.string().max(200),
            materials: z.array(structureMaterialSchema.omit({ fromModel: true })).max(20),
          }),
        )
        .max(200),
    }),
  )
  .max(200);
export type DeliveryStructure = z.infer<typeof deliveryStructureSchema>;

export const createProjectStructureResponseSchema = z.object({
  rootProjectUnitID: z.number().int(),
  stateKey: z.string(),
  subprojects: z.number().int(),
  approvalLots: z.number().int(),
});
export type CreateProjectStructureResponse = z.infer<typeof createProjectStructureResponseSchema>;

/** `GET /api/file/{rootId}/{fileKey}/ifcstructure` (spec §7), with the storeys' AAC wall volume where known. */
export const ifcStructureSchema = z.object({
  subProjects: z.array(
    z.object({
      title: z.string(),
      approvalLots: z.array(z.object({ title: z.string(), wallVolume: z.number().nullable() })),
    }),
  ),
});
export type IfcStructure = z.infer<typeof ifcStructureSchema>;

/** The steps of reading a model's structure, in order, as the progress stream reports them. */
export const ifcStructurePhases = ['reading', 'storeys', 'walls', 'volumes'] as const;
export type IfcStructurePhase = (typeof ifcStructurePhases)[number];

/**
 * `GET /api/data/{product}/projects/{id}/structure-draft/model-changes`: the walls of the project's
 * model (its newest IFC file) added or changed since the model's previous version, by storey, so
 * the structure editor can mark the approval lots made from those storeys. Read-only.
 */
export const structureModelChangesSchema = z.object({
  /** The model's file name; null when the project has no model the server can read. */
  model: z.string().nullable(),
  /** The version compared with (the one before the newest); null for a first version: nothing is marked. */
  since: z.number().int().nullable(),
  /** Only storeys with a wall added or changed. */
  storeys: z.array(
    z.object({
      name: z.string(),
      walls: z.array(z.object({ globalId: z.string(), name: z.string() })),
    }),
  ),
});
export type StructureModelChanges = z.infer<typeof structureModelChangesSchema>;
