import { parentPort, workerData } from 'node:worker_threads';
import { NotAnIfcModel, parseIfcStructure } from './structure-parse';

/** Worker thread entry: parses one model and answers `{ ok, structure }` or `{ ok: false, reason }`. */
const { bytes, memoryLimitBytes } = workerData as { bytes: Uint8Array; memoryLimitBytes: number };

try {
  const structure = await parseIfcStructure(bytes, memoryLimitBytes);
  parentPort?.postMessage({ ok: true, structure });
} catch (err) {
  parentPort?.postMessage({ ok: false, reason: err instanceof NotAnIfcModel ? 'notIfc' : 'broken' });
}
