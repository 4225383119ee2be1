import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { closedStateKeys } from '../../../shared/rules/project-list';
import type { ProjectListKind } from '../../../shared/schemas/project-list';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import type { DB, ProjectUnitsTable } from '../../platform/db/schema';

/**
 * Roots the user may read (DESIGN.md §2), in SQL: members of the root, and internal users and
 * admins of the root's tenant. Used by the lists and the dashboard counter alike.
 */
export function readableRoot(user: SessionUser) {
  return (eb: ExpressionBuilder<DB & { u: ProjectUnitsTable }, 'u'>) => {
    // `= any(array(subquery))` runs the member lookup once (an InitPlan) and then probes the
    // primary key; an EXISTS semi-join made the planner walk all roots for a count.
    const member = sql<SqlBool>`u.project_unit_id = any(array(select m.root_project_unit_id from members m where m.user_id = ${user.userId}))`;
    return user.isInternal || user.isAdmin ? eb.or([eb('u.tenant_id', '=', user.tenantId), member]) : member;
  };
}

/** The base query of a project list: membership by state, access; the list helper adds filter, order, page. */
export function projectListQuery(db: Database, user: SessionUser, kind: ProjectListKind) {
  return db
    .selectFrom('project_units as u')
    .select([
      'u.project_unit_id',
      'u.project_unit_no',
      'u.title',
      'u.state_key',
      'u.state_since',
      'u.parent_project_unit_id',
      'u.tenant_id',
      'u.sales_org_id',
    ])
    .where('u.parent_project_unit_id', 'is', null)
    .where('u.state_key', kind === 'closed' ? 'in' : 'not in', [...closedStateKeys])
    .where(readableRoot(user));
}

export async function countCurrentProjects(db: Database, user: SessionUser): Promise<number> {
  const row = await projectListQuery(db, user, 'current')
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
