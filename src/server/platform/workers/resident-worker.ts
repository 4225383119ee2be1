import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { WORKER_NICE, workerPrelude, type WorkerOutcome } from './run-module';

/**
 * The resident form of `runModuleInWorker`, for work asked for so often that loading its module
 * per call would cost more than the work (a page's first screen): one worker loads the module once,
 * runs `setUp(...setUpArgs)` and then `exportName(...args)` per call, one call after another. Same
 * start as every worker (priority, TypeScript through tsx in development), same heap cap. A worker
 * that ends (its heap full, a crash) is started again after a pause; one whose module does not load
 * is not. Calls before it is ready, or while it is restarting, end at once with `stopped` (or wait
 * for it, `waitForStart`).
 */
export type ResidentWorker<T> = {
  /** The outcome of one call; `timeout` when it takes longer than `timeoutMs` (the worker keeps it). */
  call(args: unknown[], timeoutMs: number): Promise<WorkerOutcome<T>>;
  readonly ready: boolean;
  /** Calls sent and not yet answered. */
  readonly calls: number;
  close(): Promise<void>;
};

type ResidentWorkerOptions = {
  exportName: string;
  /** Run once after the module has loaded (warming caches); calls wait until it is done. */
  setUp?: { exportName: string; args: unknown[] };
  heapMb: number;
  /** The pause before a worker that ended is started again. */
  restartAfterMs?: number;
  /** Calls before the worker is ready wait for it (within their time limit) instead of ending as `stopped`. */
  waitForStart?: boolean;
  /** A call past its time limit ends the worker (started again), so it never keeps working on it. */
  endOnTimeout?: boolean;
};

const bootstrap = (moduleUrl: string) => `${workerPrelude(moduleUrl)}
  .then(async (m) => {
    if (workerData.setUp) await m[workerData.setUp.exportName](...workerData.setUp.args);
    parentPort.on('message', ({ id, args }) => {
      Promise.resolve()
        .then(() => m[workerData.exportName](...args))
        .then(
          (value) => parentPort.postMessage({ id, ok: true, value }),
          (err) => parentPort.postMessage({ id, ok: false, error: String((err && err.message) || err) }),
        );
    });
    parentPort.postMessage({ ready: true });
  })
  .catch((err) => parentPort.postMessage({ failed: String((err && err.message) || err) }));
`;

type Message =
  | { ready: true }
  | { failed: string }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };

export function startResidentWorker<T>(
  moduleUrl: URL,
  options: ResidentWorkerOptions,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ResidentWorker<T> {
  let worker: Worker | undefined;
  let ready = false;
  let closed = false;
  let next = 0;
  let restart: NodeJS.Timeout | undefined;
  let loadFailed = false;
  const waiting = new Map<number, (outcome: WorkerOutcome<T>) => void>();
  /** Calls waiting for the worker to be ready (`waitForStart`): told true once it is, false when it cannot be. */
  const starting: ((started: boolean) => void)[] = [];
  const started = (ok: boolean) => {
    for (const tell of starting.splice(0)) tell(ok);
  };

  const endAll = (message: string) => {
    for (const resolve of waiting.values()) resolve({ ok: false, reason: 'stopped', message });
    waiting.clear();
  };

  const start = () => {
    const current = new Worker(bootstrap(moduleUrl.href), {
      eval: true,
      workerData: { exportName: options.exportName, setUp: options.setUp, nice: WORKER_NICE },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    worker = current;
    // The worker never keeps the process alive on its own.
    current.unref();
    let loaded = true;
    current.on('message', (message: Message) => {
      if ('ready' in message) {
        ready = true;
        started(true);
      } else if ('failed' in message) {
        loaded = false;
        loadFailed = true;
        started(false);
        log.warn({ err: message.failed, module: moduleUrl.pathname }, 'resident worker: its module did not load');
        void current.terminate();
      } else {
        waiting.get(message.id)?.(
          message.ok
            ? { ok: true, value: message.value as T }
            : { ok: false, reason: 'failed', message: message.error },
        );
        waiting.delete(message.id);
      }
    });
    current.on('error', (err) => log.warn({ err, module: moduleUrl.pathname }, 'resident worker stopped'));
    current.on('exit', (code) => {
      if (worker !== current) return;
      ready = false;
      worker = undefined;
      endAll(`worker exit ${code}`);
      if (closed || !loaded) return started(false);
      startAgain();
    });
  };
  const startAgain = () => {
    restart = setTimeout(start, options.restartAfterMs ?? 1000);
    restart.unref();
  };
  /** Ends a worker that is still on a call past its time (`endOnTimeout`); calls after it wait for the next one. */
  const retire = (current: Worker) => {
    if (worker !== current) return;
    ready = false;
    worker = undefined;
    endAll('ended after its time limit');
    void current.terminate();
    if (!closed) startAgain();
  };
  start();

  return {
    get ready() {
      return ready;
    },
    get calls() {
      return waiting.size;
    },
    async call(args, timeoutMs) {
      const since = performance.now();
      if (!ready && options.waitForStart && !closed && !loadFailed) {
        const ok = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          starting.push((value) => {
            clearTimeout(timer);
            resolve(value);
          });
        });
        if (!ok && !ready) return { ok: false, reason: 'stopped', message: 'not started' };
      }
      const current = worker;
      if (!ready || !current) return { ok: false, reason: 'stopped', message: 'not ready' };
      const id = next++;
      const left = Math.max(1, timeoutMs - (performance.now() - since));
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve({ ok: false, reason: 'timeout', message: `${timeoutMs} ms` });
          if (options.endOnTimeout) retire(current);
        }, left);
        waiting.set(id, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        });
        current.postMessage({ id, args });
      });
    },
    async close() {
      closed = true;
      clearTimeout(restart);
      ready = false;
      endAll('closed');
      started(false);
      await worker?.terminate();
    },
  };
}
