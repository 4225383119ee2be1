import { runModuleInWorker } from '../workers/run-module';
import { startsLikeStepFile } from './file-head';
import type { ModelTree } from './model-tree-parse';

export type ModelTreeLimits = { timeoutMs: number; maxHeapMb: number; maxMemoryMb: number; maxInputBytes: number };

export const defaultModelTreeLimits: ModelTreeLimits = {
  timeoutMs: 2 * 60 * 1000,
  maxHeapMb: 1024,
  maxMemoryMb: 2048,
  maxInputBytes: 512 * 1024 * 1024,
};

/** Why a model has no tree: larger than the limit, not readable as IFC, or over the time or heap limit. */
export type ModelTreeFailure = 'tooLarge' | 'unreadable' | 'tooComplex';

export class ModelTreeError extends Error {
  constructor(
    readonly reason: ModelTreeFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const workerModule = new URL('./model-tree-worker.ts', import.meta.url);

/**
 * The model tree of the IFC file at `filePath` (`size` bytes, as recorded), read in a worker thread
 * with a heap and a time limit. The size is checked before the file is opened; the worker reads the
 * file itself, so the model never passes through the main thread's memory.
 */
export async function generateModelTree(
  filePath: string,
  size: number,
  name: string,
  limits: ModelTreeLimits = defaultModelTreeLimits,
): Promise<ModelTree> {
  if (size > limits.maxInputBytes) throw new ModelTreeError('tooLarge', `${size} bytes`);
  if (!(await startsLikeStepFile(filePath))) throw new ModelTreeError('unreadable', 'not a STEP file');
  const outcome = await runModuleInWorker<ModelTree>(
    workerModule,
    'modelTreeOf',
    [filePath, name, limits.maxInputBytes],
    { timeoutMs: limits.timeoutMs, heapMb: limits.maxHeapMb, memoryMb: limits.maxMemoryMb },
    { lane: 'model-tree' },
  );
  if (outcome.ok) return outcome.value;
  const reason = outcome.reason === 'timeout' || outcome.reason === 'memory' ? 'tooComplex' : 'unreadable';
  throw new ModelTreeError(reason, `model tree ${outcome.reason}: ${outcome.message}`);
}
