/**
 * Worker thread: converts the IFC bytes it receives into the fragments format (web-ifc inside
 * @thatopen/fragments) and posts the result back. Started by `fragments-convert.ts` with memory
 * and time limits; it never touches the database or storage.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { IfcImporter } from '@thatopen/fragments';

type Input = { bytes: Uint8Array };

const port = parentPort;
if (!port) throw new Error('fragments-worker runs as a worker thread');

const webIfcFolder = path.dirname(createRequire(import.meta.url).resolve('web-ifc')) + path.sep;

async function convert({ bytes }: Input): Promise<Uint8Array> {
  const importer = new IfcImporter();
  importer.wasm = { absolute: true, path: webIfcFolder };
  return importer.process({ bytes });
}

convert(workerData as Input).then(
  (fragments) => port.postMessage({ ok: true, fragments }, [fragments.buffer as ArrayBuffer]),
  (err: unknown) => port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
);
