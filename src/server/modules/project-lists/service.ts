import type { ProjectListKind, ProjectListResponse } from '../../../shared/schemas/project-list';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { countFromPage, fetchList, parseListQuery, type ListQuery, type ListResource } from '../../platform/list-query';
import type { ListQueryString } from '../../../shared/schemas/list';
import { countProjects, findProjectPage, projectListQuery } from './repository';

/** Fields of the project lists that `$filter` and `$orderby` may name. */
export const projectListResource: ListResource = {
  fields: {
    projectUnitID: { column: 'u.project_unit_id', type: 'number' },
    projectUnitNo: { column: 'u.project_unit_no', type: 'text' },
    title: { column: 'u.title', type: 'text' },
    stateKey: { column: 'u.state_key', type: 'text' },
    stateSince: { column: 'u.state_since', type: 'date' },
    tenantID: { column: 'u.tenant_id', type: 'number' },
    salesOrgID: { column: 'u.sales_org_id', type: 'number' },
  },
  defaultOrder: [{ field: 'stateSince', direction: 'desc' }],
  tieBreaker: 'u.project_unit_id',
  defaultTop: 20,
  maxTop: 100,
};

/**
 * Current or closed projects the user may read. Access is part of the query itself (no
 * per-row check): the list only ever contains readable roots.
 */
export async function listProjects(
  ctx: ServiceContext,
  user: SessionUser,
  kind: ProjectListKind,
  query: ListQueryString,
): Promise<ProjectListResponse> {
  const list = parseListQuery(projectListResource, query);
  // Without a filter the page is a prepared statement, and the count comes from it when it can.
  const { data, count } = list.where
    ? await fetchList(projectListQuery(ctx.db, user, kind), list)
    : await unfilteredPage(ctx, user, kind, list);
  return {
    data: data.map((r) => ({
      projectUnitID: r.project_unit_id,
      projectUnitNo: r.project_unit_no,
      title: r.title,
      stateKey: r.state_key,
      stateSince: new Date(r.state_since).toISOString(),
      parentProjectUnitID: r.parent_project_unit_id,
      tenantID: r.tenant_id,
      salesOrgID: r.sales_org_id,
    })),
    count,
  };
}

async function unfilteredPage(ctx: ServiceContext, user: SessionUser, kind: ProjectListKind, list: ListQuery) {
  const data = await findProjectPage(ctx.db, user, kind, list);
  if (!list.count) return { data };
  return { data, count: countFromPage(list, data.length) ?? (await countProjects(ctx.db, user, kind)) };
}
