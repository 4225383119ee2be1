import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListKind, ProjectListResponse } from '../../../../shared/schemas/project-list';
import { pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type ProjectListParams = { kind: ProjectListKind; page: number; pageSize: number };

/** One page of the current or closed projects, newest state first, with the total count. */
export function getProjectList(
  { kind, page, pageSize }: ProjectListParams,
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  const query = pageParams(page, pageSize, { $orderby: 'stateSince desc' });
  return apiRequest<ProjectListResponse>(apiData(`projectlist/${kind}?${query.toString()}`), { signal });
}

export const projectListQuery = (params: ProjectListParams) =>
  queryOptions({
    queryKey: queryKeys['project-lists'].list(params.kind, params.page, params.pageSize),
    queryFn: ({ signal }) => getProjectList(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProjectList(params: ProjectListParams) {
  return useQuery(projectListQuery(params));
}
