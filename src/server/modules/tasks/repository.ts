import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import { preparedQueryByShape } from '../../platform/db/prepared';
import { orderBySql, type ListQuery } from '../../platform/list-query';

/**
 * Open tasks of a user. The workflow engine closes a unit's tasks on every state change, so an
 * open task always belongs to the unit's current state and no join is needed to count them.
 */
function openTasksOf(db: Database, userId: number, unitId?: number, list?: Pick<ListQuery, 'where'>) {
  let q = db.selectFrom('tasks as t').where('t.user_id', '=', userId).where('t.closed_at', 'is', null);
  if (unitId !== undefined) q = q.where('t.project_unit_id', '=', unitId);
  if (list?.where) q = q.where(list.where);
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
 * A page of the user's open tasks (filter and order of the parsed list query, whose fields are
 * columns of `tasks`). The page of task ids is taken from the tasks table alone (for the default
 * order the index tasks_user_changed_idx), so deep pages do not join the skipped rows.
 */
function openTasksPageQuery(db: Database, userId: number, list: ListQuery, unitId?: number) {
  // The count comes with the page (a window over the matches, before the limit): one pass.
  const ids = openTasksOf(db, userId, unitId, list)
    .select(['t.task_id', sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy(orderBySql(list))
    .limit(list.top)
    .offset(list.skip);
  return taskColumns(db, userId, unitId)
    .innerJoin(ids.as('page'), 'page.task_id', 't.task_id')
    .select('page.total')
    .orderBy(orderBySql(list));
}

// Without a filter the statement has few shapes (the order, with or without a unit): each is
// compiled once and runs as a lookup by the user (preparedQuery).
const pageOf = (shape: string, top: number, skip: number): ListQuery => ({
  where: undefined,
  orderBy: JSON.parse(shape) as ListQuery['orderBy'],
  top,
  skip,
  count: false,
});
const openTasksPage = preparedQueryByShape((db, shape, userId: number, top: number, skip: number) =>
  openTasksPageQuery(db, userId, pageOf(shape, top, skip)),
);
const openTasksOfUnitPage = preparedQueryByShape(
  (db, shape, userId: number, top: number, skip: number, unitId: number) =>
    openTasksPageQuery(db, userId, pageOf(shape, top, skip), unitId),
);

export async function findOpenTasks(db: Database, userId: number, list: ListQuery, unitId?: number) {
  if (list.where) return openTasksPageQuery(db, userId, list, unitId).execute();
  const shape = JSON.stringify(list.orderBy);
  const query =
    unitId === undefined
      ? openTasksPage(db, shape, userId, list.top, list.skip)
      : openTasksOfUnitPage(db, shape, userId, list.top, list.skip, unitId);
  return (await db.executeQuery(query)).rows;
}

export async function countOpenTasks(
  db: Database,
  userId: number,
  list: Pick<ListQuery, 'where'>,
  unitId?: number,
): Promise<number> {
  const row = await openTasksOf(db, userId, unitId, list)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findOpenTask(db: Database, userId: number, taskId: number) {
  return taskColumns(db, userId).where('t.task_id', '=', taskId).executeTakeFirst();
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findOpenTask>>>;
