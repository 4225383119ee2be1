import { z } from 'zod';

// The flags, tool names and their rules live in ../rules/features (no zod, usable on first screens).
export { featureKeys, isFeatureOn, projectToolNames, projectTools } from '../rules/features';
export type { FeatureKey, Features, ProjectToolName } from '../rules/features';

/** A tenant's features: flag name → `true` or the flag's data (ProjectTools: the tool names). */
export const featuresSchema = z.record(z.string(), z.unknown());
