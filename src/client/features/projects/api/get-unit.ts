import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProjectUnit, ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const projectKeys = {
  all: ['projects'] as const,
  unit: (id: number) => ['projects', 'unit', id] as const,
  path: (id: number) => ['projects', 'path', id] as const,
  children: (id: number, page: number) => ['projects', 'children', id, page] as const,
  members: (rootId: number) => ['projects', 'members', rootId] as const,
  member: (rootId: number, userId: number) => ['projects', 'member', rootId, userId] as const,
  features: (rootId: number) => ['projects', 'features', rootId] as const,
  /** Per interface language: the server answers the text in the user's language. */
  tenantInfo: (rootId: number, language: string) => ['projects', 'tenant-info', rootId, language] as const,
  materials: (id: number) => ['projects', 'materials', id] as const,
  lotContext: (parentId: number, excludeId?: number) => ['projects', 'lot-context', parentId, excludeId ?? 0] as const,
  address: (id: number) => ['projects', 'address', id] as const,
  contact: (id: number) => ['projects', 'contact', id] as const,
};

/** The path and the project's features that a unit's answer carries, as the answers of their queries. */
export function seedUnitParts(client: QueryClient, unit: ProjectUnitDetail): void {
  if (unit.path) client.setQueryData(projectKeys.path(unit.projectUnitID), unit.path);
  if (unit.features) client.setQueryData(projectKeys.features(unit.rootProjectUnitID), unit.features);
}

/** The unit; its answer also carries the path and the project's features, which seed those queries. */
export const unitQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.unit(id),
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
    queryKey: projectKeys.path(id),
    queryFn: async () => (await apiRequest<{ data: ProjectUnit[] }>(apiData(`projects/${id}/path`))).data,
  });
