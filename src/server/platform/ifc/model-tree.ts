import { runModuleInWorker } from '../workers/run-module';
import type { ModelTree } from './model-tree-parse';

export type ModelTreeLimits = { timeoutMs: number; maxHeapMb: number; maxInputBytes: number };

export const defaultModelTreeLimits: ModelTreeLimits = {
  timeoutMs: 2 * 60 * 1000,
  maxHeapMb: 1024,
  maxInputBytes: 512 * 1024 * 1024,
};

export class ModelTreeError extends Error {}

const workerModule = new URL('./model-tree-worker.ts', import.meta.url);

/** The model tree of IFC bytes, read in a worker thread with a heap and a time limit. */
export async function generateModelTree(
  bytes: Uint8Array,
  name: string,
  limits: ModelTreeLimits = defaultModelTreeLimits,
): Promise<ModelTree> {
  if (bytes.byteLength > limits.maxInputBytes) throw new ModelTreeError('model too large');
  const outcome = await runModuleInWorker<ModelTree>(
    workerModule,
    'modelTreeOf',
    [bytes, name],
    { timeoutMs: limits.timeoutMs, heapMb: limits.maxHeapMb },
    { lane: 'model-tree' },
  );
  if (!outcome.ok) throw new ModelTreeError(`model tree ${outcome.reason}: ${outcome.message}`);
  return outcome.value;
}
