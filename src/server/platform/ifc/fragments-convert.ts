import { runModuleInWorker } from '../workers/run-module';

export type ConversionLimits = {
  /** Wall-clock limit; the worker is terminated after it. */
  timeoutMs: number;
  /** V8 heap limit of the worker (web-ifc's WebAssembly memory is capped by the input size check). */
  maxHeapMb: number;
  /** Larger IFC files are refused before a worker starts. */
  maxInputBytes: number;
};

export const defaultConversionLimits: ConversionLimits = {
  timeoutMs: 5 * 60 * 1000,
  maxHeapMb: 1024,
  maxInputBytes: 512 * 1024 * 1024,
};

/** Why a conversion failed, as the i18n key shown on the file. */
export type ConversionFailure =
  | 'VIEWER.Conversion.Failed.Timeout'
  | 'VIEWER.Conversion.Failed.Memory'
  | 'VIEWER.Conversion.Failed.TooLarge'
  | 'VIEWER.Conversion.Failed.Unreadable'
  | 'VIEWER.Conversion.Failed.Stopped';

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
 * Converts IFC bytes to fragments in a worker thread with a heap and a time limit; the event loop
 * only moves the bytes. A model that yields no geometry or crashes web-ifc is "unreadable".
 */
export async function convertIfcToFragments(
  bytes: Uint8Array,
  limits: ConversionLimits = defaultConversionLimits,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  if (bytes.byteLength > limits.maxInputBytes) {
    throw new ConversionError('VIEWER.Conversion.Failed.TooLarge', `${bytes.byteLength} bytes`);
  }
  // web-ifc spins on bytes that are not STEP at all; they fail here at once.
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (!head.startsWith('ISO-10303-21;')) {
    throw new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'not a STEP file');
  }
  const outcome = await runModuleInWorker<Uint8Array>(
    workerModule,
    'convertToFragments',
    [bytes],
    { timeoutMs: limits.timeoutMs, heapMb: limits.maxHeapMb },
    // web-ifc logs per entity; the server log is not the place for it.
    { lane: 'fragments', transfer: [bytes.buffer as ArrayBuffer], signal, quiet: true },
  );
  if (!outcome.ok) throw new ConversionError(failures[outcome.reason], outcome.message);
  if (outcome.value.byteLength === 0) throw new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'empty');
  return outcome.value;
}
