import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { present } from '../../../shared/present';

/** Limits of one worker run: it is ended after `timeoutMs`; its JavaScript heap is capped. */
export type WorkerLimits = { timeoutMs: number; heapMb: number };

export type WorkerOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'timeout' | 'memory' | 'failed' };

/**
 * The server runs TypeScript through tsx, whose loader Node 20 does not pass on to a worker's
 * `--import`; a worker therefore starts as a small script that loads its module through tsx.
 */
const tsxApi = (() => {
  // The ESM entry of `tsx/esm/api` as its package declares it (require.resolve would give the CommonJS one).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = present(manifest.exports['./esm/api'], 'tsx/esm/api export').import.default;
  return pathToFileURL(path.join(path.dirname(packageJson), entry)).href;
})();

const bootstrap = (moduleUrl: string) => `
const { parentPort, workerData } = require('node:worker_threads');
import(${JSON.stringify(tsxApi)})
  .then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl)}, ${JSON.stringify(moduleUrl)}))
  .then((m) => m[workerData.exportName](...workerData.args))
  .then((value) => parentPort.postMessage({ ok: true, value }))
  .catch((err) => parentPort.postMessage({ ok: false, error: String(err && err.message || err) }));
`;

let queue: Promise<unknown> = Promise.resolve();

/**
 * Calls `exportName(...args)` of a module in a worker thread, so CPU-heavy work (parsing a large
 * upload, say) never holds the event loop. One run at a time (the machine has two cores); the
 * arguments and the result travel by structured clone.
 */
export function runModuleInWorker<T>(
  moduleUrl: URL,
  exportName: string,
  args: unknown[],
  limits: WorkerLimits,
): Promise<WorkerOutcome<T>> {
  const run = queue.then(() => start<T>(moduleUrl.href, exportName, args, limits));
  queue = run.catch(() => undefined);
  return run;
}

function start<T>(moduleUrl: string, exportName: string, args: unknown[], limits: WorkerLimits) {
  return new Promise<WorkerOutcome<T>>((resolve) => {
    const worker = new Worker(bootstrap(moduleUrl), {
      eval: true,
      workerData: { exportName, args },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const finish = (outcome: WorkerOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (message: { ok: true; value: T } | { ok: false; error: string }) =>
      finish(message.ok ? { ok: true, value: message.value } : { ok: false, reason: 'failed' }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed' }),
    );
    worker.once('exit', () => finish({ ok: false, reason: 'failed' }));
  });
}
