import { readFile, stat } from 'node:fs/promises';
import { parseModelTree, type ModelTree } from './model-tree-parse';

/**
 * Runs in a worker thread (see model-tree.ts): reads the IFC file itself, then its storeys and
 * walls. STEP files are 7-bit text with their own escapes for other characters; latin1 never fails.
 */
export async function modelTreeOf(filePath: string, name: string, maxInputBytes: number): Promise<ModelTree> {
  if ((await stat(filePath)).size > maxInputBytes) throw new Error('model too large');
  return parseModelTree((await readFile(filePath)).toString('latin1'), name);
}
