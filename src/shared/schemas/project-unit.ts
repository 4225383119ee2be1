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

// The role keys live in ../rules/role-keys (no zod, usable on first screens).
export { roleKeys } from '../rules/role-keys';
