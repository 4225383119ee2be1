import { Worker } from 'node:worker_threads';
import type { BcfReadResult } from './bcf-unzip';

const workerUrl = new URL('./bcf-worker.ts', import.meta.url).href;
const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); })`;

const limits = { timeoutMs: 30_000, heapMb: 256 };

/**
 * Unzipping and parsing an uploaded archive runs in a worker thread with a time and a memory
 * limit, so a large or hostile archive never holds up the server's other requests.
 */
export function readBcfInWorker(bytes: Buffer): Promise<BcfReadResult> {
  return new Promise((resolve) => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { bytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const finish = (result: BcfReadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, problem: 'TooLarge' }), limits.timeoutMs);
    worker.once('message', (result: BcfReadResult) => finish(result));
    worker.once('error', () => finish({ ok: false, problem: 'Invalid' }));
    worker.once('exit', () => finish({ ok: false, problem: 'Invalid' }));
  });
}
