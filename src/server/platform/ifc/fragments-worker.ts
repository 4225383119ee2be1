/**
 * Runs in a worker thread (see fragments-convert.ts): reads the IFC file itself and converts it
 * into the fragments format (web-ifc inside @thatopen/fragments); it never touches the database.
 */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IfcImporter } from '@thatopen/fragments';

const webIfcFolder = path.dirname(createRequire(import.meta.url).resolve('web-ifc')) + path.sep;

export async function convertToFragments(filePath: string, maxInputBytes: number): Promise<Uint8Array> {
  // The recorded size was checked before; the file itself is checked again in case it differs.
  if ((await stat(filePath)).size > maxInputBytes) throw new Error('model too large');
  const bytes = new Uint8Array(await readFile(filePath));
  const importer = new IfcImporter();
  importer.wasm = { absolute: true, path: webIfcFolder };
  return importer.process({ bytes });
}
