import { Worker } from 'node:worker_threads';

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

// The worker is TypeScript: it registers tsx's loader first (Node 20 workers do not inherit it).
const workerUrl = new URL('./fragments-worker.ts', import.meta.url).href;
const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); })`;

type WorkerAnswer = { ok: true; fragments: Uint8Array } | { ok: false; message: string };

/**
 * Converts IFC bytes to fragments in a worker thread with a heap and a time limit; the event loop
 * only moves the bytes. A model that yields no geometry or crashes web-ifc is "unreadable".
 */
export function convertIfcToFragments(
  bytes: Uint8Array,
  limits: ConversionLimits = defaultConversionLimits,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  if (bytes.byteLength > limits.maxInputBytes) {
    return Promise.reject(new ConversionError('VIEWER.Conversion.Failed.TooLarge', `${bytes.byteLength} bytes`));
  }
  // web-ifc spins on bytes that are not STEP at all; they fail here at once.
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (!head.startsWith('ISO-10303-21;')) {
    return Promise.reject(new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'not a STEP file'));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { bytes },
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      stdout: true,
      stderr: true,
    });
    // web-ifc logs per entity; the server log is not the place for it.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ConversionError('VIEWER.Conversion.Failed.Timeout', `${limits.timeoutMs} ms`))),
      limits.timeoutMs,
    );
    signal?.addEventListener('abort', () =>
      finish(() => reject(new ConversionError('VIEWER.Conversion.Failed.Stopped', 'stopped'))),
    );
    worker.on('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.ok && answer.fragments.byteLength > 0) resolve(answer.fragments);
        else reject(new ConversionError('VIEWER.Conversion.Failed.Unreadable', answer.ok ? 'empty' : answer.message));
      }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          new ConversionError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'VIEWER.Conversion.Failed.Memory'
              : 'VIEWER.Conversion.Failed.Unreadable',
            err.message,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() => reject(new ConversionError('VIEWER.Conversion.Failed.Unreadable', `worker exit ${code}`))),
    );
  });
}
