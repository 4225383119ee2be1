import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PageData } from '../../../shared/page-data';
import { workerImport } from '../workers/run-module';

export type FirstScreenInput = { url: string; data: PageData; language: string };

/** The HTML of a page's first screen, or undefined (not ready, too slow, failed): the page then goes without. */
export type FirstScreenRenderer = {
  render(input: FirstScreenInput): Promise<string | undefined>;
  close(): Promise<void>;
};

/** The client's renderer of first screens (its own components): compiled, or TypeScript through tsx. */
const moduleUrl = new URL('../../../client/server/first-screen.tsx', import.meta.url).href;

const bootstrap = `
const { parentPort, workerData } = require('node:worker_threads');
${workerImport(moduleUrl)}
  .then(async (m) => {
    await m.warmUp(workerData);
    parentPort.on('message', ({ id, input }) => {
      m.renderFirstScreen({ ...input, ...workerData }).then(
        (html) => parentPort.postMessage({ id, html }),
        (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) }),
      );
    });
    parentPort.postMessage({ ready: true });
  })
  .catch((err) => parentPort.postMessage({ failed: String((err && err.message) || err) }));
`;

/** A page waits at most this long for its first screen; it is sent without one after that. */
const RENDER_TIMEOUT_MS = 300;

/**
 * Renders first screens in a worker thread of their own: the client's modules load there once (a
 * few seconds after the start; pages go without a first screen until then), and no render holds
 * the event loop. Renders wait for each other in the worker; a page waits at most
 * `RENDER_TIMEOUT_MS` for its own.
 */
export function startFirstScreenRenderer(
  options: { i18nDir: string; productKey: string },
  log: FastifyBaseLogger,
): FirstScreenRenderer {
  let ready = false;
  let next = 0;
  const waiting = new Map<number, (html: string | undefined) => void>();
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: options,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // The worker never keeps the process alive on its own.
  worker.unref();
  const stop = () => {
    ready = false;
    for (const resolve of waiting.values()) resolve(undefined);
    waiting.clear();
  };
  worker.on('message', (message: { ready?: true; failed?: string; id?: number; html?: string; error?: string }) => {
    if (message.ready) ready = true;
    else if (message.failed)
      log.warn({ err: message.failed }, 'first screens are not rendered: the renderer did not load');
    else if (message.id !== undefined) {
      if (message.error) log.warn({ err: message.error }, 'first screen not rendered');
      waiting.get(message.id)?.(message.html);
      waiting.delete(message.id);
    }
  });
  worker.on('error', (err) => {
    log.warn({ err }, 'first-screen renderer stopped');
    stop();
  });
  worker.on('exit', stop);
  return {
    render(input) {
      if (!ready) return Promise.resolve(undefined);
      const id = next++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(undefined);
        }, RENDER_TIMEOUT_MS);
        waiting.set(id, (html) => {
          clearTimeout(timer);
          resolve(html);
        });
        worker.postMessage({ id, input });
      });
    },
    async close() {
      stop();
      await worker.terminate();
    },
  };
}
