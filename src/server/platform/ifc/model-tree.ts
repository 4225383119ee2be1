import { Worker } from 'node:worker_threads';
import type { ModelTree } from './model-tree-parse';

export type ModelTreeLimits = { timeoutMs: number; maxHeapMb: number; maxInputBytes: number };

export const defaultModelTreeLimits: ModelTreeLimits = {
  timeoutMs: 2 * 60 * 1000,
  maxHeapMb: 1024,
  maxInputBytes: 512 * 1024 * 1024,
};

export class ModelTreeError extends Error {}

// The worker is TypeScript: it registers tsx's loader first (Node 20 workers do not inherit it).
const workerUrl = new URL('./model-tree-worker.ts', import.meta.url).href;
const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); })`;

type Answer = { ok: true; tree: ModelTree } | { ok: false; message: string };

/** The model tree of IFC bytes, read in a worker thread with a heap and a time limit. */
export function generateModelTree(
  bytes: Uint8Array,
  name: string,
  limits: ModelTreeLimits = defaultModelTreeLimits,
): Promise<ModelTree> {
  if (bytes.byteLength > limits.maxInputBytes) return Promise.reject(new ModelTreeError('model too large'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { bytes, name },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ModelTreeError('model tree timed out'));
    }, limits.timeoutMs);
    worker.once('message', (answer: Answer) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer.ok) resolve(answer.tree);
      else reject(new ModelTreeError(answer.message));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(new ModelTreeError(err.message));
    });
  });
}
