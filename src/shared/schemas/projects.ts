import { z } from 'zod';
import { idParam, idValue, isoDay, text } from './common';
import { listResponse } from './list';
import { projectUnitTypeSchema } from './project-unit';

/** Schemas of the project details area: units, members, site address and contact, tools. */

export const siteAddressSchema = z.object({
  addressID: z.number().int(),
  name: z.string().nullable(),
  street1: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  projectUnitID: z.number().int().nullable(),
  /** Sent back with a change; a save at an older version is refused (409). */
  version: z.number().int(),
});
export type SiteAddress = z.infer<typeof siteAddressSchema>;

export const siteContactSchema = z.object({
  contactID: z.number().int(),
  name: z.string().nullable(),
  officePhone: z.string().nullable(),
  officeFax: z.string().nullable(),
  companyMobile: z.string().nullable(),
  officeEMail: z.string().nullable(),
  projectUnitID: z.number().int().nullable(),
  /** Sent back with a change; a save at an older version is refused (409). */
  version: z.number().int(),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

export const projectUnitSchema = z.object({
  projectUnitID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  parentProjectUnitID: z.number().int().nullable(),
  projectUnitType: projectUnitTypeSchema,
  projectUnitTypeVariant: z.string().nullable(),
  projectUnitNo: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  stateKey: z.string(),
  stateSince: z.string(),
  deliveryDate: z.string().nullable(),
  earliestDeliveryDate: z.string().nullable(),
  siteAddressID: z.number().int().nullable(),
  siteContactID: z.number().int().nullable(),
  tenantID: z.number().int(),
  salesOrgID: z.number().int().nullable(),
  /** Sent back with a change; a save at an older version is refused (409). */
  version: z.number().int(),
  /** The site address, when one is linked (shown in the header bands). */
  siteAddress: siteAddressSchema.nullable(),
});
export type ProjectUnit = z.infer<typeof projectUnitSchema>;

/** What the signed-in user may do with a unit, computed by the server (one place for the rules). */
export const unitAbilitiesSchema = z.object({
  isSalesPlanner: z.boolean(),
  isInternal: z.boolean(),
  rootStateKey: z.string(),
  /** Edit unit data: the rules of the unit's type, and the tenant does not hide the action (HideUnitEditAction). */
  canEdit: z.boolean(),
  delete: z.enum(['allowed', 'notAllowed', 'deleteItemsFirst']),
  /** AllowCreateProjectUnits on and, with ProjectInfoSheet on, a valid information sheet. */
  canCreateChildren: z.boolean(),
  infoSheetValid: z.boolean(),
  /** The project's journal (HasJournal on, internal user of the project's tenant). */
  canReadJournal: z.boolean(),
  /** The project information sheet (ProjectInfoSheet on; root in Structuring or an internal user). */
  canOpenInfoSheet: z.boolean(),
  /** Add, change and remove members of the project (internal users of the project's tenant). */
  canManageMembers: z.boolean(),
  /** Edit the project's site address and contact: the edit rule of the root project, not on a Closed project. */
  canEditSite: z.boolean(),
});
export type UnitAbilities = z.infer<typeof unitAbilitiesSchema>;

export const projectUnitDetailSchema = projectUnitSchema.extend({
  abilities: unitAbilitiesSchema,
  /** Names of the files deleted together with a folder (the delete confirmation names them). */
  deleteFileNames: z.array(z.string()),
  /**
   * What the details page needs besides the unit, in the same answer (one request instead of
   * three): the path from the root to the unit, and the feature flags of the project's tenant.
   */
  path: z.array(projectUnitSchema).optional(),
  features: z.record(z.string(), z.unknown()).optional(),
});
export type ProjectUnitDetail = z.infer<typeof projectUnitDetailSchema>;

export const unitListSchema = listResponse(projectUnitSchema);
export type UnitList = z.infer<typeof unitListSchema>;

export const materialSchema = z.object({
  type: text(50),
  volume: z.number().min(0),
  deliveryDate: isoDay.nullable(),
});
export type Material = z.infer<typeof materialSchema>;

export const createUnitSchema = z.object({
  parentProjectUnitID: idValue,
  rootProjectUnitID: idValue.optional(),
  tenantID: idValue.optional(),
  projectUnitType: projectUnitTypeSchema,
  projectUnitTypeVariant: z.string().max(100, 'VALIDATION.TooLong').nullish(),
  title: text(200),
  notes: text(4000, { required: false, multiline: true }).nullish(),
  deliveryDate: isoDay.nullish(),
  /** An approval lot's materials, stored with the lot in one step. */
  materials: z.array(materialSchema).max(20).optional(),
});
export type CreateUnitInput = z.infer<typeof createUnitSchema>;

export const createdUnitSchema = z.object({ projectUnitID: z.number().int(), rootProjectUnitID: z.number().int() });

/** Only the changed fields are sent. */
export const updateUnitSchema = z.object({
  projectUnitID: z.number().int().optional(),
  title: text(200).optional(),
  notes: text(4000, { required: false, multiline: true }).nullable().optional(),
  deliveryDate: isoDay.nullable().optional(),
  /** The version the user edited; an older one than the stored one is refused (409 with the unit). */
  version: idValue.optional(),
});
export type UpdateUnitInput = z.infer<typeof updateUnitSchema>;

export const titleAvailableQuerySchema = z.object({
  title: z.string().max(200),
  /** The unit being edited, which may keep its own title. */
  excludeUnitId: idParam.optional(),
});
export const titleAvailableSchema = z.object({ available: z.boolean() });

export const materialListSchema = z.array(materialSchema).max(20);

/** What the approval-lot form needs: earliest date, sibling volumes and the material types. */
export const approvalLotContextSchema = z.object({
  today: z.string(),
  preliminaryDays: z.number().int(),
  earliestDeliveryDate: z.string(),
  siblingMaterials: z.array(z.object({ type: z.string(), volume: z.number() })),
  materialTypes: z.array(z.string()),
});
export type ApprovalLotContext = z.infer<typeof approvalLotContextSchema>;
export const approvalLotContextQuerySchema = z.object({ excludeUnitId: idParam.optional() });

export const memberSchema = z.object({
  userID: z.number().int(),
  /** Null when the tenant hides member e-mail addresses (the login is the e-mail address). */
  userLogin: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Company name. */
  name: z.string().nullable(),
  name2: z.string().nullable(),
  memberRoleKeys: z.array(z.string()),
  officePhone: z.string().nullable(),
  companyMobile: z.string().nullable(),
  officeFax: z.string().nullable(),
  tenantID: z.number().int(),
  salesOrgID: z.number().int().nullable(),
  street1: z.string().nullable(),
  street2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  isInternal: z.boolean(),
  hasProfileImage: z.boolean(),
  /** False while an admin has deactivated the user (shown as inactive; no sign-in). */
  isActive: z.boolean(),
  /** The viewer invited this member, who has not signed in yet: the viewer may copy the link or send it again. */
  invitationByMe: z.boolean().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const projectFeaturesSchema = z.object({ features: z.record(z.string(), z.unknown()) });

export const addressInputSchema = z.object({
  projectUnitID: idValue,
  name: text(200, { required: false }).nullish(),
  street1: text(200, { required: false }).nullish(),
  zip: text(20, { required: false }).nullish(),
  city: text(100, { required: false }).nullish(),
  country: text(50, { required: false }).nullish(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const contactInputSchema = z.object({
  projectUnitID: idValue,
  name: text(200, { required: false }).nullish(),
  officePhone: text(50, { required: false }).nullish(),
  officeFax: text(50, { required: false }).nullish(),
  companyMobile: text(50, { required: false }).nullish(),
  officeEMail: z.union([z.literal(''), z.email('VALIDATION.InvalidEmail').max(320, 'VALIDATION.TooLong')]).nullish(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** A change names the version it edited (409 with the stored record otherwise). */
export const addressUpdateSchema = addressInputSchema.extend({ version: idValue });
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;
export const contactUpdateSchema = contactInputSchema.extend({ version: idValue });
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/** Links a site address or contact to a unit ("additional project unit data"). */
export const additionalDataSchema = z.object({
  projectUnitID: idValue,
  siteAddressID: idValue.nullish(),
  siteContactID: idValue.nullish(),
  /** The unit's version the user saw; when sent, an older one is refused (409 with the unit). */
  version: idValue.optional(),
});
export type AdditionalData = z.infer<typeof additionalDataSchema>;

export const executeToolSchema = z.object({
  name: z.literal('reviewer-change-request'),
  data: z.object({ rootUnitId: idValue, email: z.email('VALIDATION.InvalidEmail').max(320, 'VALIDATION.TooLong') }),
});
export type ExecuteToolInput = z.infer<typeof executeToolSchema>;

export const tenantInfoSchema = z.object({ html: z.string() });
