/**
 * Runs in a worker thread (see fragments-convert.ts): converts IFC bytes into the fragments
 * format (web-ifc inside @thatopen/fragments); it never touches the database or storage.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { IfcImporter } from '@thatopen/fragments';

const webIfcFolder = path.dirname(createRequire(import.meta.url).resolve('web-ifc')) + path.sep;

export async function convertToFragments(bytes: Uint8Array): Promise<Uint8Array> {
  const importer = new IfcImporter();
  importer.wasm = { absolute: true, path: webIfcFolder };
  return importer.process({ bytes });
}
