/**
 * Tenant feature flags and project tools as plain data and pure functions (no zod), so the
 * client's first screens can read them without loading the schema library.
 */

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

export type Features = Record<string, unknown>;

/**
 * A tenant's features: a flag is on when its value is `true` or carries data
 * (ProjectTools carries the list of tool names).
 */
export function isFeatureOn(features: Features, key: FeatureKey): boolean {
  const value = features[key];
  return value === true || (Array.isArray(value) && value.length > 0) || (typeof value === 'object' && value !== null);
}

export function projectTools(features: Features): ProjectToolName[] {
  const value = features.ProjectTools;
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is ProjectToolName => (projectToolNames as readonly string[]).includes(v));
}
