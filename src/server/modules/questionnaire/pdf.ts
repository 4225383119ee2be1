import { Worker } from 'node:worker_threads';
import type { PrintSheet } from '../../../shared/questionnaire/print';

export type PdfJob = { heading: string; title: string; sheets: PrintSheet[]; emptyText: string };

/** At most this many PDFs render at once; each in its own worker with a memory cap and a time limit. */
const MAX_PARALLEL = 2;
const TIMEOUT_MS = 20_000;
let running = 0;

const workerFile = new URL('./pdf-worker.mjs', import.meta.url);
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** Renders the information sheet's PDF off the event loop (pdfkit in a worker thread). */
export async function renderPdfInWorker(job: PdfJob): Promise<Buffer> {
  const release = await slot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: 96 } });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error('pdf rendering timed out'));
      }, TIMEOUT_MS);
      worker.once('message', (msg: { ok: true; pdf: Uint8Array } | { ok: false; error: string }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (msg.ok) resolve(Buffer.from(msg.pdf));
        else reject(new Error(msg.error));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      worker.postMessage(job);
    });
  } finally {
    release();
  }
}
