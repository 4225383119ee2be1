import { NotAnIfcModel, parseIfcStructure } from './structure-parse';
import type { IfcStructureResult } from './structure-runner';

/** Runs in a worker thread (see structure-runner.ts): parses one model, a refusal as a reason. */
export async function ifcStructureOf(bytes: Uint8Array, memoryLimitBytes: number): Promise<IfcStructureResult> {
  try {
    return { ok: true, structure: await parseIfcStructure(bytes, memoryLimitBytes) };
  } catch (err) {
    return { ok: false, reason: err instanceof NotAnIfcModel ? 'notIfc' : 'broken' };
  }
}
