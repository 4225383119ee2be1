import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isErrorBody } from '../../../../shared/errors';
import type { BcfImportResult } from '../../../../shared/schemas/review';
import { ApiError } from '../../../lib/api-client';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';
import { viewerBase } from './keys';

/** The unit's topics as a BCF 3.0 archive (a plain download). */
export const bcfExportUrl = (rootId: number, unitId: number) => `${viewerBase(rootId, unitId)}/bcf`;

/** Sends a `.bcfzip` as it is; the server reads it and imports its topics, all or none. */
export function useImportBcf(rootId: number, unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<BcfImportResult> => {
      const res = await fetch(bcfExportUrl(rootId, unitId), {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/octet-stream',
        },
        body: file,
      });
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        throw new ApiError(
          res.status,
          isErrorBody(data)
            ? data
            : {
                status: res.status,
                code: res.status === 413 ? 'PayloadTooLarge' : 'Internal',
                messages: [{ messageType: 'Error', message: 'VIEWER.Bcf.Errors.TooLarge' }],
              },
        );
      }
      return data as BcfImportResult;
    },
    // Only what an import changes: the unit's topics, its state and actions, the units' counts.
    // Waiting for every viewer query would hold the result back until, say, a comparison still
    // being made is done.
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.viewer.topics(rootId, unitId),
        queryKeys.viewer.units(),
        queryKeys.viewer.unit(unitId),
        queryKeys.viewer.actions(unitId),
      ]),
  });
}
