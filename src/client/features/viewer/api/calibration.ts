import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SheetCalibration,
  SheetCalibrationInput,
  SheetCalibrations,
} from '../../../../shared/schemas/calibration';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { viewerBase } from './keys';

export type Sheet = { rootId: number; unitId: number; fileId: number; version: number };

const calibrationsUrl = (s: Sheet) =>
  `${viewerBase(s.rootId, s.unitId)}/files/${s.fileId}/versions/${s.version}/calibrations`;

/** The calibrated pages of a PDF file version (the same scale for every user). */
export const useCalibrations = (sheet: Sheet | null) =>
  useQuery({
    queryKey: queryKeys.viewer.calibrations(sheet),
    queryFn: () => apiRequest<SheetCalibrations>(calibrationsUrl(sheet!)),
    enabled: sheet !== null,
  });

export const useSaveCalibration = (sheet: Sheet | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, ...input }: SheetCalibrationInput & { page: number }) =>
      apiRequest<SheetCalibration>(`${calibrationsUrl(sheet!)}/${page}`, { method: 'PUT', body: input }),
    onSuccess: () => sheet && queryClient.invalidateQueries({ queryKey: queryKeys.viewer.calibrations(sheet) }),
  });
};
