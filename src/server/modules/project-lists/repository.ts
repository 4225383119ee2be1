import { sql } from 'kysely';
import { closedStateKeys } from '../../../shared/rules/project-list';
import type { ProjectListKind } from '../../../shared/schemas/project-list';
import { readableRootSql, readsWholeTenant } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { preparedQueryByShape } from '../../platform/db/prepared';
import { orderBySql, type ListQuery } from '../../platform/list-query';

type Reader = Pick<SessionUser, 'userId' | 'tenantId' | 'isInternal' | 'isAdmin'>;

/** The base query of a project list: membership by state, access; the list helper adds filter, order, page. */
export function projectListQuery(db: Database, user: Reader, kind: ProjectListKind) {
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

export async function countProjects(db: Database, user: SessionUser, kind: ProjectListKind): Promise<number> {
  const row = await projectListQuery(db, user, kind)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

export function countCurrentProjects(db: Database, user: SessionUser): Promise<number> {
  return countProjects(db, user, 'current');
}

// A page without a filter has few shapes (the list, the reader's kind, the order): each is
// compiled once and runs as a lookup by the user (preparedQuery). Internal users also read their
// tenant's projects, so their statement has the tenant as a value too.
type Shape = { kind: ProjectListKind; orderBy: ListQuery['orderBy'] };
function pageQuery(db: Database, shape: string, user: Reader, top: number, skip: number) {
  const { kind, orderBy } = JSON.parse(shape) as Shape;
  return projectListQuery(db, user, kind).orderBy(orderBySql({ orderBy })).limit(top).offset(skip);
}
const memberPage = preparedQueryByShape((db, shape, userId: number, top: number, skip: number) =>
  pageQuery(db, shape, { userId, tenantId: 0, isInternal: false, isAdmin: false }, top, skip),
);
const internalPage = preparedQueryByShape((db, shape, userId: number, tenantId: number, top: number, skip: number) =>
  pageQuery(db, shape, { userId, tenantId, isInternal: true, isAdmin: false }, top, skip),
);

/** A page of a project list without a filter (`list.where` is not read). */
export async function findProjectPage(db: Database, user: SessionUser, kind: ProjectListKind, list: ListQuery) {
  const shape = JSON.stringify({ kind, orderBy: list.orderBy } satisfies Shape);
  const query = readsWholeTenant(user)
    ? internalPage(db, shape, user.userId, user.tenantId, list.top, list.skip)
    : memberPage(db, shape, user.userId, list.top, list.skip);
  return (await db.executeQuery(query)).rows;
}
