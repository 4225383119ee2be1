import { sql } from 'kysely';
import { closedStateKeys } from '../../../shared/rules/project-list';
import type { ProjectListKind } from '../../../shared/schemas/project-list';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';

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
    .where(readableRootSql(user, 'u.project_unit_id', 'u.tenant_id'));
}

export async function countCurrentProjects(db: Database, user: SessionUser): Promise<number> {
  const row = await projectListQuery(db, user, 'current')
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
