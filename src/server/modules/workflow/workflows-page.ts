import { sql } from 'kysely';
import type { ListQueryString } from '../../../shared/schemas/list';
import type { WorkflowEntry, WorkflowNotification } from '../../../shared/schemas/workflow';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';

// Page sizes 5, 10, 20 and "all" (spec §9); "all" asks for up to 10 000 rows.
const workflowList: ListResource = {
  fields: {
    createdOn: { column: 'w.created_at', type: 'date' },
    stateKey: { column: 'w.state_key', type: 'text' },
    projectUnitNo: { column: 'u.project_unit_no', type: 'text' },
  },
  defaultOrder: [{ field: 'createdOn', direction: 'desc' }],
  tieBreaker: 'w.reminder_id',
  defaultTop: 10,
  maxTop: 10_000,
};

const notificationList: ListResource = {
  fields: {
    createdOn: { column: 'n.created_at', type: 'date' },
    rootNo: { column: 'r.project_unit_no', type: 'text' },
  },
  defaultOrder: [{ field: 'createdOn', direction: 'desc' }],
  tieBreaker: 'n.notification_id',
  defaultTop: 10,
  maxTop: 10_000,
};

function openWorkflows(ctx: ServiceContext, user: SessionUser) {
  return ctx.db
    .selectFrom('workflow_reminders as w')
    .innerJoin('project_units as u', 'u.project_unit_id', 'w.project_unit_id')
    .whereRef('u.state_key', '=', 'w.state_key')
    .whereRef('u.state_since', '=', 'w.state_since')
    .where(readableRootSql(user, 'u.root_project_unit_id', 'u.tenant_id'));
}

/** Reminders and escalations still open (the unit has not left the state), newest first. */
export async function listWorkflows(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<{ data: WorkflowEntry[]; count?: number }> {
  const list = parseListQuery(workflowList, { ...query, $count: 'true' });
  const { data: rows, count } = await fetchList(
    openWorkflows(ctx, user).select([
      'w.reminder_id',
      'w.project_unit_id',
      'u.root_project_unit_id',
      'u.project_unit_no',
      'u.title',
      'w.state_key',
      'w.rule_key',
      'w.rule',
      'w.created_at',
    ]),
    list,
  );
  return {
    count,
    data: rows.map((r) => ({
      reminderID: r.reminder_id,
      projectUnitID: r.project_unit_id,
      rootProjectUnitID: r.root_project_unit_id ?? r.project_unit_id,
      projectUnitNo: r.project_unit_no,
      title: r.title,
      stateKey: r.state_key,
      ruleKey: r.rule_key,
      rule: r.rule,
      createdOn: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function countWorkflows(ctx: ServiceContext, user: SessionUser): Promise<{ count: number }> {
  const row = await openWorkflows(ctx, user)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return { count: row.n };
}

/** Material-data changes (new volumes or delivery dates), newest first. */
export async function listNotifications(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<{ data: WorkflowNotification[]; count?: number }> {
  const list = parseListQuery(notificationList, { ...query, $count: 'true' });
  const base = ctx.db
    .selectFrom('workflow_notifications as n')
    .innerJoin('project_units as r', 'r.project_unit_id', 'n.root_project_unit_id')
    .innerJoin('project_units as u', 'u.project_unit_id', 'n.project_unit_id')
    .leftJoin('project_units as p', 'p.project_unit_id', 'u.parent_project_unit_id')
    .where(readableRootSql(user, 'n.root_project_unit_id', 'n.tenant_id'));
  const { data: rows, count } = await fetchList(
    base.select([
      'n.notification_id',
      'n.root_project_unit_id',
      'n.project_unit_id',
      'r.project_unit_no as root_no',
      'r.title as root_title',
      'u.title as unit_title',
      'u.project_unit_type',
      'p.title as parent_title',
      'n.created_at',
      'n.username',
      'n.material_data',
    ]),
    list,
  );
  return {
    count,
    data: rows.map((r) => {
      const isLot = r.project_unit_type === 'approvallot';
      return {
        notificationID: r.notification_id,
        rootProjectUnitID: r.root_project_unit_id,
        projectUnitID: r.project_unit_id,
        rootNo: r.root_no,
        root: r.root_title,
        subProject: isLot ? r.parent_title : r.project_unit_type === 'subproject' ? r.unit_title : null,
        approvalLot: isLot ? r.unit_title : null,
        createdOn: new Date(r.created_at).toISOString(),
        username: r.username,
        materialData: r.material_data,
      };
    }),
  };
}
