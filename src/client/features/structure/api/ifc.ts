import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitFiles } from '../../../../shared/schemas/files';
import type { IfcStructure } from '../../../../shared/schemas/structure';
import { apiRequest } from '../../../lib/api-client';
import { structureKeys } from './structure-draft';

/** The project's IFC models: `GET api/file/{rootId}/{unitId}` of the root, filtered to `.ifc`. */
export const ifcFilesQuery = (rootId: number) =>
  queryOptions({
    queryKey: structureKeys.ifcFiles(rootId),
    queryFn: async ({ signal }) =>
      (await apiRequest<UnitFiles>(`/api/file/${rootId}/${rootId}`, { signal })).data.filter((f) =>
        f.name.toLowerCase().endsWith('.ifc'),
      ),
  });

export const useIfcFiles = (rootId: number, enabled: boolean) => useQuery({ ...ifcFilesQuery(rootId), enabled });

/** The structure of a model, parsed on the server. */
export const fetchIfcStructure = (rootId: number, fileId: number, signal?: AbortSignal) =>
  apiRequest<IfcStructure>(`/api/file/${rootId}/${fileId}/ifcstructure`, { signal });
