import { z } from 'zod';

export const projectUnitTypes = [
  'project',
  'subproject',
  'approvallot',
  'drawingjob',
  'folder',
  'aacorderlot',
  'lintelorderlot',
] as const;
export const projectUnitTypeSchema = z.enum(projectUnitTypes);
export type ProjectUnitType = z.infer<typeof projectUnitTypeSchema>;

export const projectUnitVariants = ['aac_elements', 'lintel'] as const;
export type ProjectUnitVariant = (typeof projectUnitVariants)[number];

/** Unit state keys (spec/projects-workflows.md §4). */
export const stateKeys = [
  'Structuring',
  'Preparing',
  'PendingValidation',
  'PendingContract',
  'ReviewBIMFiles',
  'ProvideFiles',
  'ReviewDrawings',
  'PlaceOrder',
  'CheckDataComplete',
  'CheckDataMissing',
  'ReviewPreliminaryDrawings',
  'ReviseDrawings',
  'ReviewRevisedDrawings',
  'Finalized',
  'Approved',
  'CCLReadyForDrawing',
  'CCLNotReadyForDrawing',
  'Closed',
  'Archived',
] as const;
export type StateKey = (typeof stateKeys)[number];

/** Member role keys (spec/projects-workflows.md §3); unknown keys display as Unknown. */
export const roleKeys = [
  'reviewer',
  'drafter',
  'process planner',
  'sales contact',
  'member',
  'customer',
  'salesPlanner',
  'projectAdminCSC',
  'projectCoordinator',
  'customerServiceBackoffice',
  'bimCoordinator',
  'purchaser',
] as const;
export type RoleKey = (typeof roleKeys)[number];
