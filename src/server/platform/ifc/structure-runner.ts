import { MessageChannel } from 'node:worker_threads';
import type { IfcStructure, IfcStructurePhase } from '../../../shared/schemas/structure';
import { runModuleInWorker } from '../workers/run-module';

/**
 * Runs the IFC structure parser in a worker thread with a time and a memory limit, one model at a
 * time (the machine has two cores; a second request waits its turn instead of starving the server).
 */
export type IfcStructureLimits = {
  /** The worker is ended after this long. */
  timeoutMs: number;
  /** JavaScript heap of the worker. */
  heapMb: number;
  /** web-ifc's own memory for the model's data. */
  modelMemoryBytes: number;
};

export const defaultIfcStructureLimits: IfcStructureLimits = {
  timeoutMs: 60_000,
  heapMb: 256,
  modelMemoryBytes: 1024 * 1024 * 1024,
};

export type IfcStructureResult =
  { ok: true; structure: IfcStructure } | { ok: false; reason: 'notIfc' | 'broken' | 'timeout' | 'memory' };

const workerModule = new URL('./structure-worker.ts', import.meta.url);

/**
 * The structure of the IFC file at `filePath`; the worker reads the file itself (the caller checked
 * its size). `onPhase` hears each step (reading, storeys, walls, volumes) as the worker reaches it.
 */
export async function runIfcStructure(
  filePath: string,
  limits: IfcStructureLimits = defaultIfcStructureLimits,
  onPhase?: (phase: IfcStructurePhase) => void,
): Promise<IfcStructureResult> {
  const channel = onPhase ? new MessageChannel() : null;
  channel?.port1.on('message', (phase: IfcStructurePhase) => onPhase?.(phase));
  const outcome = await runModuleInWorker<IfcStructureResult>(
    workerModule,
    'ifcStructureOf',
    channel ? [filePath, limits.modelMemoryBytes, channel.port2] : [filePath, limits.modelMemoryBytes],
    // web-ifc keeps to its own limit; the process may grow by that and the heap, no more.
    {
      timeoutMs: limits.timeoutMs,
      heapMb: limits.heapMb,
      memoryMb: Math.ceil(limits.modelMemoryBytes / 1024 ** 2) + limits.heapMb,
    },
    {
      lane: 'ifc-structure',
      // The list becomes the worker's transferList, which moves a message port as it moves a buffer.
      transfer: channel ? [channel.port2 as unknown as ArrayBuffer] : undefined,
    },
  ).finally(() => channel?.port1.close());
  if (outcome.ok) return outcome.value;
  return { ok: false, reason: outcome.reason === 'timeout' || outcome.reason === 'memory' ? outcome.reason : 'broken' };
}
