import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProjectUnit, ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** The path and the project's features that a unit's answer carries, as the answers of their queries. */
export function seedUnitParts(client: QueryClient, unit: ProjectUnitDetail): void {
  if (unit.path) client.setQueryData(queryKeys.projects.path(unit.projectUnitID), unit.path);
  if (unit.features) client.setQueryData(queryKeys.projects.features(unit.rootProjectUnitID), unit.features);
}

/** The unit; its answer also carries the path and the project's features, which seed those queries. */
export const unitQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.unit(id),
    queryFn: async ({ client }) => {
      const unit = await apiRequest<ProjectUnitDetail>(apiData(`projects/${id}`));
      seedUnitParts(client, unit);
      return unit;
    },
  });

export const useUnit = (id: number) => useQuery(unitQuery(id));

/** The unit path, root first. */
export const unitPathQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.path(id),
    queryFn: async () => (await apiRequest<{ data: ProjectUnit[] }>(apiData(`projects/${id}/path`))).data,
  });
