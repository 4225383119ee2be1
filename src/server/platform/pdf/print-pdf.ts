import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { PrintSheet } from '../../../shared/questionnaire/print';
import { startResidentWorker, type ResidentWorker } from '../workers/resident-worker';
import { laneAdmits, laneRoomPerKey, runInLane, tooManyWaiting, type WorkerOutcome } from '../workers/run-module';

export type PdfJob = { heading: string; title: string; sheets: PrintSheet[]; emptyText: string };

const workerModule = new URL('./pdf-worker.mjs', import.meta.url);
const limits = { timeoutMs: 20_000, heapMb: 96 };
/** As many resident workers as the lane `pdf` runs at once (run-module.ts). */
const PDF_WORKERS = 2;

/**
 * Printed sheets (the information sheet, the sign-off record of an approval): labelled rows in
 * sections, rendered off the event loop (pdfkit in a worker thread with a memory cap and a time
 * limit). `key` is who asks (`[tenant, user]`): PDFs take turns by it, so one user's flood of PDFs
 * holds up another tenant's by about one turn, and beyond 10 waiting it gets 429.
 */

/**
 * The route config of every route that answers with a printed sheet: a session's PDF requests
 * beyond what the lane lets one user hold are refused before the session is read (in-flight.ts).
 */
export const pdfWork = { heavyWork: { kind: 'pdf', perCredential: laneRoomPerKey('pdf') } };

/**
 * Refuses at once (429) when `key` already has as many PDFs waiting as it may: checked before the
 * sheet is read, so a flood of refused requests costs the database nothing.
 */
export function requirePdfRoom(key: readonly (string | number)[]): void {
  if (!laneAdmits('pdf', key)) throw tooManyWaiting();
}

/**
 * The process's PDF workers, started with the first PDF: pdfkit loads once per worker (a fresh
 * worker per PDF cost 130-160 ms, the render itself 5-20 ms). A render past its time limit ends its
 * worker, which starts again; the lane never runs more PDFs at once than there are workers.
 */
let pdfWorkers: ResidentWorker<Uint8Array>[] | undefined;

function pdfWorkerFor(log: Pick<FastifyBaseLogger, 'warn'>): ResidentWorker<Uint8Array> {
  pdfWorkers ??= Array.from({ length: PDF_WORKERS }, () =>
    startResidentWorker<Uint8Array>(
      workerModule,
      { exportName: 'renderSheetPdf', heapMb: limits.heapMb, waitForStart: true, endOnTimeout: true },
      log,
    ),
  );
  // The lane lets at most PDF_WORKERS renders run, so one of them is free.
  return pdfWorkers.reduce((idle, worker) => (worker.calls < idle.calls ? worker : idle));
}

/** Ends the PDF workers (the application closes); the next PDF starts them again. */
export async function stopPdfWorkers(): Promise<void> {
  const workers = pdfWorkers;
  pdfWorkers = undefined;
  await Promise.all((workers ?? []).map((worker) => worker.close()));
}

export async function renderPdfInWorker(
  log: Pick<FastifyBaseLogger, 'warn'>,
  job: PdfJob,
  key: readonly (string | number)[],
  /** The message key when it cannot be made now (the reason as `{{reason}}`). */
  failedMessage = 'QUESTIONNAIRE.Errors.PdfFailed',
): Promise<Buffer> {
  const outcome: WorkerOutcome<Uint8Array> = await runInLane('pdf', key, () =>
    pdfWorkerFor(log).call([job], limits.timeoutMs),
  );
  if (outcome.ok) return Buffer.from(outcome.value.buffer, outcome.value.byteOffset, outcome.value.byteLength);
  // Out of time or memory: the sheet is too large to print now; nothing was stored, nothing changes.
  throw new AppError('NotReady', [
    { messageType: 'Error', message: failedMessage, params: { reason: outcome.reason } },
  ]);
}
