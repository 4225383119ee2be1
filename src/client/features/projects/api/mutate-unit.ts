import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateUnitInput, Material, ProjectUnit, UpdateUnitInput } from '../../../../shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const createUnit = (input: CreateUnitInput) =>
  apiRequest<{ projectUnitID: number; rootProjectUnitID: number }>(apiData('projects'), {
    method: 'POST',
    body: input,
  });

export const updateUnit = (id: number, input: UpdateUnitInput) =>
  apiRequest<ProjectUnit>(apiData(`projects/${id}`), { method: 'PUT', body: { projectUnitID: id, ...input } });

export const deleteUnit = (id: number) =>
  apiRequest<{ parentProjectUnitID: number | null }>(apiData(`projects/${id}`), { method: 'DELETE' });

export const saveMaterials = (id: number, materials: Material[]) =>
  apiRequest<Material[]>(`/api/materials/${id}`, { method: 'POST', body: materials });

/**
 * A unit's number and title are found by the search and (a project's) shown in the project lists;
 * an approval lot's materials are counted in the outlook, and each change of them is a notification
 * of the workflows page.
 */
const refreshUnits = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [
    queryPrefixes.projects,
    queryPrefixes.search,
    queryPrefixes['project-lists'],
    queryPrefixes.outlook,
    queryPrefixes.workflow,
  ]);

/** Creates a unit; an approval lot with its materials in the same call (refused means nothing created). */
export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, materials }: { input: CreateUnitInput; materials?: Material[] }) =>
      createUnit(materials && materials.length > 0 ? { ...input, materials } : input),
    onSettled: () => refreshUnits(queryClient),
  });
}

/** Sends only the changed fields at the version the user edited (409 when saved meanwhile), then the materials. */
export function useUpdateUnit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      changes,
      version,
      materials,
    }: {
      changes: UpdateUnitInput;
      version: number;
      materials?: Material[];
    }) => {
      if (Object.keys(changes).length > 0) await updateUnit(id, { ...changes, version });
      if (materials) await saveMaterials(id, materials);
    },
    onSuccess: () => refreshUnits(queryClient),
  });
}

/**
 * Deletes a unit. The caller navigates away first (the unit's page would otherwise refetch a
 * unit that no longer exists), then `forget` drops the unit's queries and refreshes the rest.
 */
export function useDeleteUnit() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteUnit });
  const forget = (id: number) => {
    queryClient.removeQueries({ queryKey: queryKeys.projects.unit(id) });
    queryClient.removeQueries({ queryKey: queryKeys.projects.path(id) });
    void refreshUnits(queryClient);
  };
  return { ...mutation, forget };
}
