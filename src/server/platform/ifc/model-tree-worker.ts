/**
 * Worker thread: reads the storeys and walls of the IFC bytes it receives and posts the model tree
 * back. Started by `model-tree.ts` with memory and time limits; no database, no storage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseModelTree } from './model-tree-parse';

const port = parentPort;
if (!port) throw new Error('model-tree-worker runs as a worker thread');
const { bytes, name } = workerData as { bytes: Uint8Array; name: string };
try {
  // STEP files are 7-bit text with their own escapes for other characters; latin1 never fails.
  port.postMessage({ ok: true, tree: parseModelTree(Buffer.from(bytes).toString('latin1'), name) });
} catch (err) {
  port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
