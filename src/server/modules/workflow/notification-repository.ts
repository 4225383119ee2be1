import { sql } from 'kysely';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import type { MaterialData } from '../../platform/db/tables/workflow';

/**
 * Records a material-data change (new volumes or delivery dates) for the workflows page.
 * Called by the modules that change materials (structure editor, delivery data dialog),
 * inside their transaction.
 */
export async function recordMaterialDataChange(
  trx: Database,
  change: {
    tenantId: number;
    rootId: number;
    unitId: number;
    userId: number | null;
    username: string | null;
    materials: MaterialData[];
    now: Date;
  },
): Promise<void> {
  if (change.materials.length === 0) return;
  await trx
    .insertInto('workflow_notifications')
    .values({
      tenant_id: change.tenantId,
      root_project_unit_id: change.rootId,
      project_unit_id: change.unitId,
      user_id: change.userId,
      username: change.username,
      material_data: JSON.stringify(change.materials),
      created_at: change.now,
    })
    .execute();
}

/** Reminders and escalations still open: the unit has not left the state they were sent for. */
function openWorkflows(db: Database, user: SessionUser) {
  return db
    .selectFrom('workflow_reminders as w')
    .innerJoin('project_units as u', 'u.project_unit_id', 'w.project_unit_id')
    .whereRef('u.state_key', '=', 'w.state_key')
    .whereRef('u.state_since', '=', 'w.state_since')
    .where(readableRootSql(user, 'u.root_project_unit_id', 'u.tenant_id'));
}

/** The open workflows of the projects the user may read, for `fetchList`. */
export function openWorkflowListBase(db: Database, user: SessionUser) {
  return openWorkflows(db, user).select([
    'w.reminder_id',
    'w.project_unit_id',
    'u.root_project_unit_id',
    'u.project_unit_no',
    'u.title',
    'w.state_key',
    'w.rule_key',
    'w.rule',
    'w.created_at',
  ]);
}

export async function countOpenWorkflows(db: Database, user: SessionUser): Promise<number> {
  const row = await openWorkflows(db, user)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Material-data changes of the projects the user may read, with project, parent and unit titles, for `fetchList`. */
export function notificationListBase(db: Database, user: SessionUser) {
  return db
    .selectFrom('workflow_notifications as n')
    .innerJoin('project_units as r', 'r.project_unit_id', 'n.root_project_unit_id')
    .innerJoin('project_units as u', 'u.project_unit_id', 'n.project_unit_id')
    .leftJoin('project_units as p', 'p.project_unit_id', 'u.parent_project_unit_id')
    .where(readableRootSql(user, 'n.root_project_unit_id', 'n.tenant_id'))
    .select([
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
    ]);
}
