import { runModuleInWorker } from '../workers/run-module';
import { startsLikeStepFile } from './file-head';

export type ConversionLimits = {
  /** Wall-clock limit; the worker is terminated after it. */
  timeoutMs: number;
  /** V8 heap limit of the worker. */
  maxHeapMb: number;
  /** How far the process may grow while the model converts (web-ifc's WebAssembly memory is outside the heap). */
  maxMemoryMb: number;
  /** Larger IFC files are refused before a worker starts. */
  maxInputBytes: number;
};

export const defaultConversionLimits: ConversionLimits = {
  timeoutMs: 5 * 60 * 1000,
  maxHeapMb: 1024,
  maxMemoryMb: 2048,
  maxInputBytes: 512 * 1024 * 1024,
};

/** Why a conversion failed, as the i18n key shown on the file. */
export type ConversionFailure =
  | 'VIEWER.Conversion.Failed.Timeout'
  | 'VIEWER.Conversion.Failed.Memory'
  | 'VIEWER.Conversion.Failed.TooLarge'
  | 'VIEWER.Conversion.Failed.Unreadable'
  | 'VIEWER.Conversion.Failed.Stopped'
  | 'VIEWER.Conversion.Failed.Interrupted';

export class ConversionError extends Error {
  constructor(
    readonly reason: ConversionFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const workerModule = new URL('./fragments-worker.ts', import.meta.url);

const failures = {
  timeout: 'VIEWER.Conversion.Failed.Timeout',
  memory: 'VIEWER.Conversion.Failed.Memory',
  stopped: 'VIEWER.Conversion.Failed.Stopped',
  failed: 'VIEWER.Conversion.Failed.Unreadable',
} as const;

/**
 * Converts the IFC file at `filePath` (`size` bytes, as recorded) to fragments in a worker thread
 * with a heap and a time limit. The size is checked before the file is opened and the worker reads
 * the file itself, so the model never passes through the main thread's memory. A model that yields
 * no geometry or crashes web-ifc is "unreadable".
 */
export async function convertIfcToFragments(
  filePath: string,
  size: number,
  limits: ConversionLimits = defaultConversionLimits,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  if (size > limits.maxInputBytes) {
    throw new ConversionError('VIEWER.Conversion.Failed.TooLarge', `${size} bytes`);
  }
  // web-ifc spins on bytes that are not STEP at all; they fail here at once.
  if (!(await startsLikeStepFile(filePath))) {
    throw new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'not a STEP file');
  }
  const outcome = await runModuleInWorker<Uint8Array>(
    workerModule,
    'convertToFragments',
    [filePath, limits.maxInputBytes],
    { timeoutMs: limits.timeoutMs, heapMb: limits.maxHeapMb, memoryMb: limits.maxMemoryMb },
    // web-ifc logs per entity; the server log is not the place for it.
    // Conversions are queued work: they take the CPU that requests and their workers leave.
    { lane: 'fragments', signal, quiet: true, background: true },
  );
  if (!outcome.ok) throw new ConversionError(failures[outcome.reason], outcome.message);
  if (outcome.value.byteLength === 0) throw new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'empty');
  return outcome.value;
}
