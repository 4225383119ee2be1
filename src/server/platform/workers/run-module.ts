import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/errors';
import { present } from '../../../shared/present';
import { createLimiter, roomPerKey, type Limiter, type LimiterOptions } from '../limiter';

/**
 * Limits of one worker run: it is ended after `timeoutMs`; its JavaScript heap is capped. Memory
 * outside the heap (WebAssembly such as web-ifc's, buffers) has no V8 limit: with `memoryMb` the
 * run is ended as `memory` once the process has grown by more than that since the run started.
 */
export type WorkerLimits = { timeoutMs: number; heapMb: number; memoryMb?: number };

/** How often a run with `memoryMb` compares the process's memory with its start. */
const MEMORY_CHECK_MS = 100;

export type WorkerOutcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'timeout' | 'memory' | 'failed' | 'stopped'; message: string };

/**
 * The compiled server (`npm run build`, dist/server) starts workers on JavaScript files, which a
 * worker imports as they are. In development the server runs TypeScript through tsx, whose loader
 * Node 20 does not pass on to a worker's `--import`; a worker on a TypeScript file therefore loads
 * it through tsx's API (resolved only then: production installs no tsx).
 */
export function workerImport(moduleUrl: string): string {
  if (!/\.(ts|tsx)$/.test(moduleUrl)) return `import(${JSON.stringify(moduleUrl)})`;
  return `import(${JSON.stringify(tsxApi())}).then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl)}, ${JSON.stringify(moduleUrl)}))`;
}

let tsxEntry: string | undefined;
function tsxApi(): string {
  if (tsxEntry) return tsxEntry;
  // The ESM entry of `tsx/esm/api` as its package declares it (require.resolve would give the CommonJS one).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = present(manifest.exports['./esm/api'], 'tsx/esm/api export').import.default;
  tsxEntry = pathToFileURL(path.join(path.dirname(packageJson), entry)).href;
  return tsxEntry;
}

/**
 * Worker threads run at a lower CPU priority than the event loop (Linux keeps the nice value per
 * thread): on a small machine a model conversion or a burst of PDFs then takes what the requests
 * leave, instead of taking turns with them. Work nobody waits for on screen (queued conversions)
 * runs lower still, below the work a request waits for (a sheet PDF, a model tree).
 */
export const WORKER_NICE = 10;
/** A run of a tenant that has more waiting behind it: it yields the CPU to other tenants' runs. */
export const BURST_NICE = 15;
export const BACKGROUND_NICE = 19;

/** The start of every worker's code: its CPU priority (`workerData.nice`), then its module (`workerImport`). */
export const workerPrelude = (moduleUrl: string) => `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(0, workerData.nice); } catch {}
${workerImport(moduleUrl)}`;

const bootstrap = (moduleUrl: string) => `${workerPrelude(moduleUrl)}
  .then((m) => m[workerData.exportName](...workerData.args))
  .then((value) => parentPort.postMessage({ ok: true, value }, value instanceof Uint8Array ? [value.buffer] : []))
  .catch((err) => parentPort.postMessage({ ok: false, error: String(err && err.message || err) }));
`;

export type WorkerRunOptions = {
  /**
   * Runs of one lane wait for each other (the machine has two cores); different lanes may run at
   * once, so a long model conversion does not hold up a catalogue upload.
   */
  lane?: string;
  /** Who the run is for, outermost first (`[tenant, user]`): waiting runs of a lane take turns by it. */
  key?: readonly (string | number)[];
  /** Buffers of the arguments moved into the worker instead of copied. */
  transfer?: ArrayBuffer[];
  /** Ends the run early (outcome `stopped`). */
  signal?: AbortSignal;
  /** Drops what the worker prints (libraries that log per entity). */
  quiet?: boolean;
  /** Work no request waits for: runs at the lowest CPU priority. */
  background?: boolean;
};

/**
 * Lanes with more than one run at once or a bounded queue; any other lane runs one at a time and
 * queues without bound (work the server itself started, such as queued conversions).
 * Sheet PDFs: two at once, one of them per tenant (the other stays free for the next tenant), 10
 * waiting per user and 200 in all; beyond that the request gets 429.
 */
const laneSettings: Record<string, Omit<LimiterOptions, 'full'>> = {
  pdf: { concurrency: 2, concurrencyPerFirstKey: 1, queueLimit: 200, queueLimitPerKey: 10 },
};

/** Any other lane. */
const defaultLane = { concurrency: 1, queueLimit: Infinity };

const lanes = new Map<string, Limiter>();

function laneLimiter(lane: string): Limiter {
  let limiter = lanes.get(lane);
  if (!limiter) {
    const settings = laneSettings[lane] ?? defaultLane;
    limiter = createLimiter({
      ...settings,
      full: tooManyWaiting,
    });
    lanes.set(lane, limiter);
  }
  return limiter;
}

/** The answer when a lane's queue is full (429, try again in a few seconds). */
export const tooManyWaiting = () =>
  new AppError('TooManyAttempts', [{ messageType: 'Error', message: 'ERRORMESSAGES.TooManyWaiting' }], {
    'Retry-After': '5',
  });

/** The most runs one key may hold in `lane` at once, running and waiting (what it may ask for at once). */
export function laneRoomPerKey(lane: string): number {
  return roomPerKey(laneSettings[lane] ?? defaultLane);
}

/** Whether a run for `key` would be taken in `lane` now (run or wait) rather than refused with 429. */
export function laneAdmits(lane: string, key?: readonly (string | number)[]): boolean {
  return laneLimiter(lane).admits(key);
}

/**
 * Runs `work` when the lane `lane` has room for it, taking turns by `key` with the lane's other
 * runs (429 when its queue is full): the one admission of every worker run, also of resident
 * workers (print-pdf.ts).
 */
export function runInLane<T>(lane: string, key: readonly (string | number)[] | undefined, work: () => Promise<T>) {
  return laneLimiter(lane)(work, key);
}

/**
 * Calls `exportName(...args)` of a module in a worker thread, so CPU-heavy work (parsing a large
 * upload, converting a model, rendering a PDF) never holds the event loop. The runs of a lane take
 * turns by `key` through the one limiter; the arguments and the result travel by structured clone
 * (a Uint8Array result is moved). A lane whose queue is full refuses with 429 (`AppError`).
 */
export function runModuleInWorker<T>(
  moduleUrl: URL,
  exportName: string,
  args: unknown[],
  limits: WorkerLimits,
  options: WorkerRunOptions = {},
): Promise<WorkerOutcome<T>> {
  const limiter = laneLimiter(options.lane ?? 'default');
  return limiter(() => {
    const first = options.key?.[0];
    const nice = options.background
      ? BACKGROUND_NICE
      : first !== undefined && limiter.waitingFor(first)
        ? BURST_NICE
        : WORKER_NICE;
    return start<T>(moduleUrl.href, exportName, args, limits, options, nice);
  }, options.key);
}

function start<T>(
  moduleUrl: string,
  exportName: string,
  args: unknown[],
  limits: WorkerLimits,
  options: WorkerRunOptions,
  nice: number,
): Promise<WorkerOutcome<T>> {
  return new Promise<WorkerOutcome<T>>((resolve) => {
    if (options.signal?.aborted) return resolve({ ok: false, reason: 'stopped', message: 'stopped' });
    const worker = new Worker(bootstrap(moduleUrl), {
      eval: true,
      workerData: { exportName, args, nice },
      transferList: options.transfer,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      stdout: options.quiet,
      stderr: options.quiet,
    });
    if (options.quiet) {
      worker.stdout.resume();
      worker.stderr.resume();
    }
    let settled = false;
    const finish = (outcome: WorkerOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', stop);
      void worker.terminate();
      resolve(outcome);
    };
    const stop = () => finish({ ok: false, reason: 'stopped', message: 'stopped' });
    options.signal?.addEventListener('abort', stop);
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'timeout', message: `${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    const memoryMb = limits.memoryMb;
    const startRss = process.memoryUsage.rss();
    const watch =
      memoryMb === undefined
        ? undefined
        : setInterval(() => {
            const grownMb = (process.memoryUsage.rss() - startRss) / 1024 ** 2;
            if (grownMb > memoryMb) {
              finish({ ok: false, reason: 'memory', message: `${Math.round(grownMb)} MB over ${memoryMb} MB` });
            }
          }, MEMORY_CHECK_MS);
    worker.once('message', (message: { ok: true; value: T } | { ok: false; error: string }) =>
      finish(message.ok ? { ok: true, value: message.value } : { ok: false, reason: 'failed', message: message.error }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish({
        ok: false,
        reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed',
        message: err.message,
      }),
    );
    worker.once('exit', (code) => finish({ ok: false, reason: 'failed', message: `worker exit ${code}` }));
  });
}
