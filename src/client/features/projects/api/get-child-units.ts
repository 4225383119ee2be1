import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitList } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export const CHILD_PAGE_SIZE = 25;

/** Child units ordered by number, 25 per page. */
export const childUnitsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.projects.children(id, page),
    queryFn: () =>
      apiRequest<UnitList>(
        apiData(
          `projects/${id}/children?$orderby=projectUnitNo asc&$top=${CHILD_PAGE_SIZE}&$skip=${(page - 1) * CHILD_PAGE_SIZE}&$count=true`,
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const useChildUnits = (id: number, page: number) => useQuery(childUnitsQuery(id, page));
