import { parentPort, workerData } from 'node:worker_threads';
import { readBcfArchive } from './bcf-unzip';

/** Worker thread entry: reads one BCF archive and answers with its topics or the problem. */
const { bytes } = workerData as { bytes: Uint8Array };
parentPort?.postMessage(await readBcfArchive(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
