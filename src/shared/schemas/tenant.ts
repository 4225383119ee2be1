import { z } from 'zod';

/** Feature flags a tenant can switch on (spec/projects-workflows.md §6). */
export const featureKeys = [
  'ProjectTools',
  'HideMemberEMail',
  'AllowCreateProjectUnits',
  'ProjectInfoSheet',
  'CreateStructure',
  'HideUnitEditAction',
  'DeliveryOverview',
  'DownloadSelectedFiles',
  'HasJournal',
  'ShowTenantInfo',
  'AdvancedSearch',
  'Workflow',
] as const;
export type FeatureKey = (typeof featureKeys)[number];

export const projectToolNames = ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'] as const;
export type ProjectToolName = (typeof projectToolNames)[number];

/**
 * A tenant's features: a flag is on when its value is `true` or carries data
 * (ProjectTools carries the list of tool names).
 */
export const featuresSchema = z.record(z.string(), z.unknown());
export type Features = Record<string, unknown>;

export function isFeatureOn(features: Features, key: FeatureKey): boolean {
  const value = features[key];
  return value === true || (Array.isArray(value) && value.length > 0) || (typeof value === 'object' && value !== null);
}

export function projectTools(features: Features): ProjectToolName[] {
  const value = features.ProjectTools;
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is ProjectToolName => (projectToolNames as readonly string[]).includes(v));
}
