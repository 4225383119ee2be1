import { parseModelTree, type ModelTree } from './model-tree-parse';

/**
 * Runs in a worker thread (see model-tree.ts): reads the storeys and walls of IFC bytes. STEP
 * files are 7-bit text with their own escapes for other characters; latin1 never fails.
 */
export function modelTreeOf(bytes: Uint8Array, name: string): ModelTree {
  return parseModelTree(Buffer.from(bytes).toString('latin1'), name);
}
