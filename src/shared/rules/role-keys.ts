// As plain data (no zod), so pages can name roles without loading the schema library;
// `src/shared/schemas/project-unit.ts` re-exports them next to its schemas.

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
