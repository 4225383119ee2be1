import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { present } from '../../../shared/present';
import type { IfcStructure } from '../../../shared/schemas/structure';

/**
 * Runs the IFC structure parser in a worker thread with a time and a memory limit, one model at a
 * time (the machine has two cores; a second request waits its turn instead of starving the server).
 */
export type IfcStructureLimits = {
  /** The worker is ended after this long. */
  timeoutMs: number;
  /** JavaScript heap of the worker. */
  heapMb: number;
  /** web-ifc's own memory for the model's data. */
  modelMemoryBytes: number;
};

export const defaultIfcStructureLimits: IfcStructureLimits = {
  timeoutMs: 60_000,
  heapMb: 256,
  modelMemoryBytes: 1024 * 1024 * 1024,
};

export type IfcStructureResult =
  { ok: true; structure: IfcStructure } | { ok: false; reason: 'notIfc' | 'broken' | 'timeout' | 'memory' };

let queue: Promise<unknown> = Promise.resolve();

/**
 * The server runs TypeScript through tsx, whose loader Node 20 does not pass on to a worker's
 * `--import`; the worker therefore starts as a small script that loads its module through tsx.
 */
const workerModule = new URL('./structure-worker.ts', import.meta.url).href;
const tsxApi = (() => {
  // The ESM entry of `tsx/esm/api` as its package declares it (require.resolve would give the CommonJS one).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = present(manifest.exports['./esm/api'], 'tsx/esm/api export').import.default;
  return pathToFileURL(path.join(path.dirname(packageJson), entry)).href;
})();
const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(workerModule)}, ${JSON.stringify(workerModule)}))`;

export function runIfcStructure(
  bytes: Uint8Array,
  limits: IfcStructureLimits = defaultIfcStructureLimits,
): Promise<IfcStructureResult> {
  const run = queue.then(() => runWorker(bytes, limits));
  queue = run.catch(() => undefined);
  return run;
}

function runWorker(bytes: Uint8Array, limits: IfcStructureLimits): Promise<IfcStructureResult> {
  return new Promise((resolve) => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { bytes, memoryLimitBytes: limits.modelMemoryBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const finish = (result: IfcStructureResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (message: IfcStructureResult) => finish(message));
    worker.once('error', (err: Error & { code?: string }) =>
      finish({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'broken' }),
    );
    worker.once('exit', () => finish({ ok: false, reason: 'broken' }));
  });
}
