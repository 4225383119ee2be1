import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnitFiles } from '../../../../shared/schemas/files';
import { isErrorBody } from '../../../../shared/errors';
import type { IfcStructure, IfcStructurePhase } from '../../../../shared/schemas/structure';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The project's IFC models: `GET api/file/{rootId}/{unitId}` of the root, filtered to `.ifc`. */
export const ifcFilesQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.structure.ifcFiles(rootId),
    queryFn: async ({ signal }) =>
      (await apiRequest<UnitFiles>(`/api/file/${rootId}/${rootId}`, { signal })).data.filter((f) =>
        f.name.toLowerCase().endsWith('.ifc'),
      ),
  });

export const useIfcFiles = (rootId: number, enabled: boolean) => useQuery({ ...ifcFilesQuery(rootId), enabled });

/**
 * The structure of a model, read on the server with its steps told as they happen
 * (`…/ifcstructure/progress`, one JSON line per step, then the structure or the error body).
 */
export async function streamIfcStructure(
  rootId: number,
  fileId: number,
  onPhase: (phase: IfcStructurePhase) => void,
): Promise<IfcStructure> {
  const response = await fetch(`/api/file/${rootId}/${fileId}/ifcstructure/progress`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/x-ndjson, application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  const failed = (body: unknown, status: number) =>
    new ApiError(
      status,
      isErrorBody(body)
        ? body
        : { status, code: 'Internal', messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.UnknownApiError' }] },
    );
  if (!response.ok || !response.body) throw failed(await response.json().catch(() => null), response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines.filter((l) => l.trim())) {
      const message = JSON.parse(line) as { phase?: IfcStructurePhase; structure?: IfcStructure; error?: unknown };
      if (message.structure) return message.structure;
      if (message.error) throw failed(message.error, isErrorBody(message.error) ? message.error.status : 500);
      if (message.phase) onPhase(message.phase);
    }
    if (done) throw failed(null, 500);
  }
}
