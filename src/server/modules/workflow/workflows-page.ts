import type { ListQueryString } from '../../../shared/schemas/list';
import type { WorkflowEntry, WorkflowNotification } from '../../../shared/schemas/workflow';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { fetchList, parseListQuery, type ListResource } from '../../platform/list-query';
import * as repo from './notification-repository';

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

/** Reminders and escalations still open (the unit has not left the state), newest first. */
export async function listWorkflows(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<{ data: WorkflowEntry[]; count?: number }> {
  const list = parseListQuery(workflowList, { ...query, $count: 'true' });
  const { data: rows, count } = await fetchList(repo.openWorkflowListBase(ctx.db, user), list);
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
  return { count: await repo.countOpenWorkflows(ctx.db, user) };
}

/** Material-data changes (new volumes or delivery dates), newest first. */
export async function listNotifications(
  ctx: ServiceContext,
  user: SessionUser,
  query: ListQueryString,
): Promise<{ data: WorkflowNotification[]; count?: number }> {
  const list = parseListQuery(notificationList, { ...query, $count: 'true' });
  const { data: rows, count } = await fetchList(repo.notificationListBase(ctx.db, user), list);
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
