import { z } from 'zod';
import { idParam } from './common';
import { listQueryStringSchema } from './list';

/** §3 Task: one open task of the signed-in user. */
export const taskSchema = z.object({
  taskID: z.number().int(),
  taskKey: z.string(),
  stateKey: z.string(),
  changedOn: z.string(),
  projectUnitNo: z.string(),
  rootUnitTitle: z.string(),
  parentUnitTitle: z.string().nullable(),
  unitTitle: z.string(),
  projectUnitType: z.string(),
  rootProjectUnitID: z.number().int(),
  projectUnitID: z.number().int(),
  tenantID: z.number().int(),
  salesOrgID: z.number().int().nullable().optional(),
});
export type Task = z.infer<typeof taskSchema>;

/** The list contract's query (`$filter`, `$orderby`, `$top`, `$skip`), narrowed to one unit by `projectUnitID`. */
export const taskListQuerySchema = listQueryStringSchema.extend({
  projectUnitID: idParam.optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
