import { readFile } from 'node:fs/promises';
import { NotAnIfcModel, parseIfcStructure } from './structure-parse';
import type { IfcStructureResult } from './structure-runner';

/** Runs in a worker thread (see structure-runner.ts): reads and parses one model, a refusal as a reason. */
export async function ifcStructureOf(filePath: string, memoryLimitBytes: number): Promise<IfcStructureResult> {
  try {
    return { ok: true, structure: await parseIfcStructure(new Uint8Array(await readFile(filePath)), memoryLimitBytes) };
  } catch (err) {
    return { ok: false, reason: err instanceof NotAnIfcModel ? 'notIfc' : 'broken' };
  }
}
