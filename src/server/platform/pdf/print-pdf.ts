import { AppError } from '../../../shared/errors';
import type { PrintSheet } from '../../../shared/questionnaire/print';
import { laneAdmits, runModuleInWorker, tooManyWaiting } from '../workers/run-module';

export type PdfJob = { heading: string; title: string; sheets: PrintSheet[]; emptyText: string };

const workerModule = new URL('./pdf-worker.mjs', import.meta.url);
const limits = { timeoutMs: 20_000, heapMb: 96 };

/**
 * Printed sheets (the information sheet, the sign-off record of an approval): labelled rows in
 * sections, rendered off the event loop (pdfkit in a worker thread with a memory cap and a time
 * limit). `key` is who asks (`[tenant, user]`): PDFs take turns by it, so one user's flood of PDFs
 * holds up another tenant's by about one turn, and beyond 10 waiting it gets 429.
 */

/**
 * Refuses at once (429) when `key` already has as many PDFs waiting as it may: checked before the
 * sheet is read, so a flood of refused requests costs the database nothing.
 */
export function requirePdfRoom(key: readonly (string | number)[]): void {
  if (!laneAdmits('pdf', key)) throw tooManyWaiting();
}

export async function renderPdfInWorker(
  job: PdfJob,
  key: readonly (string | number)[],
  /** The message key when it cannot be made now (the reason as `{{reason}}`). */
  failedMessage = 'QUESTIONNAIRE.Errors.PdfFailed',
): Promise<Buffer> {
  const outcome = await runModuleInWorker<Uint8Array>(workerModule, 'renderSheetPdf', [job], limits, {
    lane: 'pdf',
    key,
  });
  if (outcome.ok) return Buffer.from(outcome.value.buffer, outcome.value.byteOffset, outcome.value.byteLength);
  // Out of time or memory: the sheet is too large to print now; nothing was stored, nothing changes.
  throw new AppError('NotReady', [
    { messageType: 'Error', message: failedMessage, params: { reason: outcome.reason } },
  ]);
}
