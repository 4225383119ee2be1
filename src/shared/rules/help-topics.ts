/**
 * Help topics of the help page and the help dialogs (spec/projects-workflows.md §2), as plain data
 * (no zod), so pages can offer help without loading the schema library.
 * `src/shared/schemas/help.ts` re-exports them next to its schemas.
 */
export const helpTopics = ['upload', 'structuring', 'review-drawings', 'preparing'] as const;
export type HelpTopic = (typeof helpTopics)[number];
