import { z } from 'zod';
import { listResponse } from './list';

/** A row of the current and closed project lists (spec/projects-workflows.md §3 "Project list item"). */
export const projectListItemSchema = z.object({
  projectUnitID: z.number().int(),
  projectUnitNo: z.string(),
  title: z.string(),
  stateKey: z.string(),
  stateSince: z.string(),
  parentProjectUnitID: z.number().int().nullable(),
  tenantID: z.number().int(),
  salesOrgID: z.number().int().nullable(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const projectListKinds = ['current', 'closed'] as const;
export type ProjectListKind = (typeof projectListKinds)[number];

export const projectListResponseSchema = listResponse(projectListItemSchema);
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;
