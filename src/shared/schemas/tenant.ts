// The flags, tool names and their rules live in ../rules/features (no zod, usable on first screens).
export { featureKeys, isFeatureOn, projectToolNames, projectTools } from '../rules/features';
export type { FeatureKey, Features, ProjectToolName } from '../rules/features';
