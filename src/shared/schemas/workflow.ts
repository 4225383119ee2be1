import { z } from 'zod';
import { idValue, text } from './common';

/**
 * PUT api/data/{product}/projectunitstates/{projectUnitID}. The spec's body is
 * `{projectUnitID, requirements}`; `stateKey`, the state the client saw, is optional protection:
 * when sent, a repeated request finds the unit moved on and answers 409, never a second step.
 */
export const stateChangeRequestSchema = z.object({
  projectUnitID: idValue,
  requirements: z.string().max(100).nullish(),
  stateKey: z.string().min(1, 'VALIDATION.IsRequired').max(60).optional(),
});
export type StateChangeRequest = z.infer<typeof stateChangeRequestSchema>;

export const stateChangeResponseSchema = z.object({
  projectUnitID: z.number().int(),
  oldState: z.string(),
  stateKey: z.string(),
  stateSince: z.string(),
  delayed: z.boolean(),
});
export type StateChangeResponse = z.infer<typeof stateChangeResponseSchema>;

export const checkDataRequestSchema = z.object({
  unitID: idValue,
  rootUnitID: idValue,
  message: text(4000, { required: false, multiline: true }).nullish(),
});
export type CheckDataRequest = z.infer<typeof checkDataRequestSchema>;

export const escalationRuleSchema = z.object({
  remindAfterWorkingDays: z.number().int(),
  escalateAfterWorkingDays: z.number().int(),
});

/** One row of the tenant's workflow definition (for the client's action buttons). */
export const workflowRowSchema = z.object({
  unitType: z.string(),
  state: z.string(),
  action: z.string(),
  requirement: z.string().nullable(),
  nextState: z.string(),
  guard: z.string().nullable(),
  holders: z.array(z.string()),
  escalation: escalationRuleSchema.nullable(),
  opensTask: z.boolean(),
});

export const projectUnitParamSchema = z.object({
  projectUnitParamID: z.number().int(),
  projectUnitID: z.number().int(),
  paramKey: z.string(),
  paramValue: z.string().nullable(),
  createdOn: z.string(),
});
export type ProjectUnitParam = z.infer<typeof projectUnitParamSchema>;

export const materialDataSchema = z.object({
  type: z.string(),
  volume: z.number(),
  deliveryDate: z.string().nullable(),
});

/** Workflows page: material-data change notifications (§3 Notification). */
export const notificationSchema = z.object({
  notificationID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  projectUnitID: z.number().int(),
  rootNo: z.string(),
  root: z.string(),
  subProject: z.string().nullable(),
  approvalLot: z.string().nullable(),
  createdOn: z.string(),
  username: z.string().nullable(),
  materialData: z.array(materialDataSchema),
});
export type WorkflowNotification = z.infer<typeof notificationSchema>;

/** Workflows page: reminders and escalations sent (§3 Workflow). */
export const workflowEntrySchema = z.object({
  reminderID: z.number().int(),
  rootProjectUnitID: z.number().int(),
  projectUnitID: z.number().int(),
  projectUnitNo: z.string(),
  title: z.string(),
  stateKey: z.string(),
  ruleKey: z.string(),
  rule: escalationRuleSchema,
  createdOn: z.string(),
});
export type WorkflowEntry = z.infer<typeof workflowEntrySchema>;

/** An action the signed-in user may take on a unit now, with whether its guard holds. */
export const unitActionSchema = z.object({
  action: z.string(),
  requirement: z.string().nullable(),
  nextState: z.string(),
  enabled: z.boolean(),
  /** Message key explaining why the action is disabled (e.g. not ready for contract). */
  hint: z.string().nullable(),
});
export type UnitAction = z.infer<typeof unitActionSchema>;

export const unitActionsSchema = z.object({
  projectUnitID: z.number().int(),
  stateKey: z.string(),
  /** The user holds an open task of this state, or is internal. */
  mayAct: z.boolean(),
  /** The user holds an open task of this state (review decisions are the task holder's alone). */
  holdsTask: z.boolean(),
  actions: z.array(unitActionSchema),
});
export type UnitActions = z.infer<typeof unitActionsSchema>;
