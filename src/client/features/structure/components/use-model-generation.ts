import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { clearIfcRun, useIfcRun, useWatchIfcRun } from '../api/ifc-run';
import { structureOfRun } from './generate-dialog';
import type { StructureAction } from './structure-state';

type Options = {
  rootId: number;
  readOnly: boolean;
  earliest: string;
  materialType: string;
  dispatch: Dispatch<StructureAction>;
};

/**
 * Generating the structure from the model: the dialog's state, and the reading's result, started
 * here or before the user went elsewhere, taken into the structure when it is ready (merged or
 * replacing, as chosen) unless the editor is read-only.
 */
export function useModelGeneration({ rootId, readOnly, earliest, materialType, dispatch }: Options) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  useWatchIfcRun(rootId);
  const run = useIfcRun(rootId);
  useEffect(() => {
    if (run?.status !== 'done' || readOnly) return;
    clearIfcRun(rootId);
    dispatch({ type: run.options.mode, structure: structureOfRun(run, earliest, materialType) });
    setGenerating(false);
    // The model may be newer than the changes shown so far.
    void queryClient.invalidateQueries({ queryKey: queryKeys.structure.modelChanges(rootId) });
    notifySuccess(t('STRUCTURE.Generate.Done'));
  }, [run, readOnly, rootId, earliest, materialType, dispatch, queryClient, t]);
  return {
    generating,
    openGenerate: useCallback(() => setGenerating(true), []),
    closeGenerate: useCallback(() => setGenerating(false), []),
  };
}
