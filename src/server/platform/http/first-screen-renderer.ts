import type { FastifyBaseLogger } from 'fastify';
import type { PageData } from '../../../shared/page-data';
import { startResidentWorker } from '../workers/resident-worker';

export type FirstScreenInput = { url: string; data: PageData; language: string };

/** The HTML of a page's first screen, or undefined (not ready, too slow, failed): the page then goes without. */
export type FirstScreenRenderer = {
  render(input: FirstScreenInput): Promise<string | undefined>;
  close(): Promise<void>;
};

/** The client's renderer of first screens (its own components): compiled, or TypeScript through tsx. */
const moduleUrl = new URL('../../../client/server/first-screen.tsx', import.meta.url);

/**
 * Renders first screens in a resident worker (src/server/platform/workers/resident-worker.ts): the
 * client's modules load there once and warm up (a few seconds after the start; pages go without a
 * first screen until then, unless `waitForStart`), and no render holds the event loop. Renders wait
 * for each other in the worker; a page waits at most `renderTimeoutMs` for its own (the page is sent
 * without one after that). A worker that ends is started again.
 */
export function startFirstScreenRenderer(
  settings: { i18nDir: string; productKey: string; renderTimeoutMs: number; waitForStart: boolean },
  log: FastifyBaseLogger,
): FirstScreenRenderer {
  const { renderTimeoutMs, waitForStart, ...options } = settings;
  const worker = startResidentWorker<string | undefined>(
    moduleUrl,
    { exportName: 'renderFirstScreen', setUp: { exportName: 'warmUp', args: [options] }, heapMb: 256, waitForStart },
    log,
  );
  return {
    async render(input) {
      const outcome = await worker.call([{ ...input, ...options }], renderTimeoutMs);
      if (!outcome.ok && outcome.reason === 'failed') log.warn({ err: outcome.message }, 'first screen not rendered');
      return outcome.ok ? outcome.value : undefined;
    },
    close: () => worker.close(),
  };
}
