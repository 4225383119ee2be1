import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/**
 * Open tasks of a user. The workflow engine closes a unit's tasks on every state change, so an
 * open task always belongs to the unit's current state and no join is needed to count them.
 */
function openTasksOf(db: Database, userId: number, unitId?: number) {
  let q = db.selectFrom('tasks as t').where('t.user_id', '=', userId).where('t.closed_at', 'is', null);
  if (unitId !== undefined) q = q.where('t.project_unit_id', '=', unitId);
  return q;
}

/** The task rows joined with their units; `ids` narrows to a page of task ids found first. */
const taskColumns = (db: Database, userId: number, unitId?: number) =>
  openTasksOf(db, userId, unitId)
    .innerJoin('project_units as u', 'u.project_unit_id', 't.project_unit_id')
    .innerJoin('project_units as r', 'r.project_unit_id', 't.root_project_unit_id')
    .leftJoin('project_units as p', 'p.project_unit_id', 'u.parent_project_unit_id')
    .select([
      't.task_id',
      't.task_key',
      't.state_key',
      't.created_at',
      't.root_project_unit_id',
      't.project_unit_id',
      't.tenant_id',
      'u.project_unit_no',
      'u.title as unit_title',
      'u.project_unit_type',
      'u.sales_org_id',
      'r.title as root_title',
      'p.title as parent_title',
    ]);

/**
 * The user's open tasks, newest first. The page of task ids is taken from the index
 * tasks_user_changed_idx alone, so deep pages do not join the skipped rows.
 */
export async function findOpenTasks(
  db: Database,
  userId: number,
  page: { top: number; skip: number; unitId?: number },
) {
  // The count comes with the page (a window over the matches, before the limit): one pass.
  const ids = openTasksOf(db, userId, page.unitId)
    .select(['t.task_id', sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.task_id', 'desc')
    .limit(page.top)
    .offset(page.skip);
  return taskColumns(db, userId, page.unitId)
    .innerJoin(ids.as('page'), 'page.task_id', 't.task_id')
    .select('page.total')
    .orderBy('t.created_at', 'desc')
    .orderBy('t.task_id', 'desc')
    .execute();
}

export async function countOpenTasks(db: Database, userId: number, unitId?: number): Promise<number> {
  const row = await openTasksOf(db, userId, unitId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findOpenTask(db: Database, userId: number, taskId: number) {
  return taskColumns(db, userId).where('t.task_id', '=', taskId).executeTakeFirst();
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findOpenTask>>>;
