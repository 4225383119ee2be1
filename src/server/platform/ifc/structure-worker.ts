import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import type { IfcStructurePhase } from '../../../shared/schemas/structure';
import { NotAnIfcModel, parseIfcStructure } from './structure-parse';
import type { IfcStructureResult } from './structure-runner';

/**
 * Runs in a worker thread (see structure-runner.ts): reads and parses one model, a refusal as a
 * reason; each step's name goes out on `progress` when the caller listens.
 */
export async function ifcStructureOf(
  filePath: string,
  memoryLimitBytes: number,
  progress?: MessagePort,
): Promise<IfcStructureResult> {
  const onPhase = (phase: IfcStructurePhase) => progress?.postMessage(phase);
  try {
    onPhase('reading');
    const bytes = new Uint8Array(await readFile(filePath));
    return { ok: true, structure: await parseIfcStructure(bytes, memoryLimitBytes, onPhase) };
  } catch (err) {
    return { ok: false, reason: err instanceof NotAnIfcModel ? 'notIfc' : 'broken' };
  }
}
