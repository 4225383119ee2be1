import { runModuleInWorker } from '../workers/run-module';
import { startsLikeStepFile } from './file-head';
import type { ModelDiff } from './model-diff-parse';

export type ModelDiffLimits = { timeoutMs: number; heapMb: number; memoryMb: number; maxInputBytes: number };

export const defaultModelDiffLimits: ModelDiffLimits = {
  timeoutMs: 3 * 60 * 1000,
  heapMb: 2048,
  memoryMb: 3072,
  maxInputBytes: 256 * 1024 * 1024,
};

export class ModelDiffError extends Error {}

const workerModule = new URL('./model-diff-worker.ts', import.meta.url);

/** The element differences of two IFC files on this machine's disk, in a worker thread with time and memory limits. */
export async function diffModelFiles(
  olderPath: string,
  newerPath: string,
  key: readonly (string | number)[],
  limits: ModelDiffLimits = defaultModelDiffLimits,
): Promise<ModelDiff & { peakRssMb: number }> {
  for (const p of [olderPath, newerPath]) {
    if (!(await startsLikeStepFile(p))) throw new ModelDiffError('not a STEP file');
  }
  const outcome = await runModuleInWorker<ModelDiff & { peakRssMb: number }>(
    workerModule,
    'modelDiffOf',
    [olderPath, newerPath, limits.maxInputBytes],
    { timeoutMs: limits.timeoutMs, heapMb: limits.heapMb, memoryMb: limits.memoryMb },
    { lane: 'compare', key },
  );
  if (!outcome.ok) throw new ModelDiffError(`${outcome.reason}: ${outcome.message}`);
  return outcome.value;
}
