import { runModuleInWorker } from '../workers/run-module';
import type { PdfComparison } from './page-compare-worker';

export type PdfCompareLimits = {
  /** pdf.js scale the pages are rendered at (1 = 72 dpi; an A1 sheet is then 2384 × 1684 pixels). */
  scale: number;
  maxPages: number;
  /** Pixels of one rendered page at most (a larger sheet is rendered smaller). */
  maxPixels: number;
  maxBytes: number;
  timeoutMs: number;
  heapMb: number;
  memoryMb: number;
};

export const defaultPdfCompareLimits: PdfCompareLimits = {
  scale: 1,
  maxPages: 50,
  maxPixels: 8_000_000,
  maxBytes: 200 * 1024 * 1024,
  timeoutMs: 3 * 60 * 1000,
  heapMb: 1024,
  memoryMb: 1536,
};

export class PdfCompareError extends Error {}

const workerModule = new URL('./page-compare-worker.ts', import.meta.url);

/** The changed regions of two PDF files on this machine's disk, found in a worker thread with time and memory limits. */
export async function comparePdfs(
  olderPath: string,
  newerPath: string,
  key: readonly (string | number)[],
  limits: PdfCompareLimits = defaultPdfCompareLimits,
): Promise<PdfComparison> {
  const outcome = await runModuleInWorker<PdfComparison>(
    workerModule,
    'comparePdfFiles',
    [
      olderPath,
      newerPath,
      { scale: limits.scale, maxPages: limits.maxPages, maxPixels: limits.maxPixels, maxBytes: limits.maxBytes },
    ],
    { timeoutMs: limits.timeoutMs, heapMb: limits.heapMb, memoryMb: limits.memoryMb },
    { lane: 'compare', key, quiet: true },
  );
  if (!outcome.ok) throw new PdfCompareError(`${outcome.reason}: ${outcome.message}`);
  return outcome.value;
}
