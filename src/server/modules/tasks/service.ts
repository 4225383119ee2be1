import { AppError } from '../../../shared/errors';
import type { Task, TaskListQuery } from '../../../shared/schemas/tasks';
import type { SessionUser } from '../../platform/auth/session';
import { parseListQuery, type ListResource } from '../../platform/list-query';
import * as repo from './repository';
import type { ServiceContext } from '../../platform/context';

export const DEFAULT_TASK_PAGE = 20;

/** The task list's fields: columns of `tasks` only, so a page is found before the units are joined. */
const taskListResource: ListResource = {
  fields: {
    taskID: { column: 't.task_id', type: 'number' },
    taskKey: { column: 't.task_key', type: 'text' },
    stateKey: { column: 't.state_key', type: 'text' },
    changedOn: { column: 't.created_at', type: 'date' },
    projectUnitID: { column: 't.project_unit_id', type: 'number' },
    rootProjectUnitID: { column: 't.root_project_unit_id', type: 'number' },
  },
  defaultOrder: [{ field: 'changedOn', direction: 'desc' }],
  tieBreaker: 't.task_id',
  defaultTop: DEFAULT_TASK_PAGE,
  maxTop: 100,
};

function toTask(r: repo.TaskRow): Task {
  return {
    taskID: r.task_id,
    taskKey: r.task_key,
    stateKey: r.state_key,
    changedOn: new Date(r.created_at).toISOString(),
    projectUnitNo: r.project_unit_no,
    rootUnitTitle: r.root_title,
    parentUnitTitle: r.parent_title,
    unitTitle: r.unit_title,
    projectUnitType: r.project_unit_type,
    rootProjectUnitID: r.root_project_unit_id,
    projectUnitID: r.project_unit_id,
    tenantID: r.tenant_id,
    salesOrgID: r.sales_org_id,
  };
}

/**
 * The signed-in user's open tasks: only their own, so no further access check is needed. The
 * query is the list contract's (`parseListQuery`); the total is always counted, for the
 * X-Total-Count header of the spec's bare array (docs/decisions/005).
 */
export async function listTasks(
  ctx: ServiceContext,
  user: SessionUser,
  q: TaskListQuery,
): Promise<{ tasks: Task[]; total: number }> {
  const list = parseListQuery(taskListResource, q);
  const rows = await repo.findOpenTasks(ctx.db, user.userId, list, q.projectUnitID);
  // An empty page past the end still tells how many there are.
  const total =
    rows[0]?.total ?? (list.skip > 0 ? await repo.countOpenTasks(ctx.db, user.userId, list, q.projectUnitID) : 0);
  return { tasks: rows.map(toTask), total };
}

export async function getTask(ctx: ServiceContext, user: SessionUser, taskId: number): Promise<Task> {
  const row = await repo.findOpenTask(ctx.db, user.userId, taskId);
  if (!row) throw new AppError('NotFound');
  return toTask(row);
}
