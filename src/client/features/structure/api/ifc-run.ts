import { useEffect, useSyncExternalStore } from 'react';
import type { IfcStructure, IfcStructurePhase } from '../../../../shared/schemas/structure';
import { streamIfcStructure } from './ifc';

export type IfcRunOptions = { mode: 'merge' | 'replace'; withVolumes: boolean };

export type IfcRun = {
  fileId: number;
  options: IfcRunOptions;
  /** The step the server reported last; null before the first. */
  phase: IfcStructurePhase | null;
  status: 'running' | 'done' | 'failed';
  structure?: IfcStructure;
  error?: unknown;
};

/**
 * Readings of a model's structure, one per project. They live outside the page, so the user can
 * close the dialog or go elsewhere while the server reads; the structure editor takes the result
 * when it is (or is next) open.
 */
const runs = new Map<number, IfcRun>();
const watchers = new Map<number, number>();
const listeners = new Set<() => void>();

function put(rootId: number, run: IfcRun | undefined) {
  if (run) runs.set(rootId, run);
  else runs.delete(rootId);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Starts reading the model unless a reading of this project runs already. `onUnwatched` is told
 * when the reading ends while no structure editor of the project is open.
 */
export function startIfcRun(
  rootId: number,
  fileId: number,
  options: IfcRunOptions,
  onUnwatched: (run: IfcRun) => void,
): void {
  if (runs.get(rootId)?.status === 'running') return;
  put(rootId, { fileId, options, phase: null, status: 'running' });
  const update = (change: Partial<IfcRun>) => {
    const run = runs.get(rootId);
    if (!run || run.fileId !== fileId) return;
    const next = { ...run, ...change };
    put(rootId, next);
    if (next.status !== 'running' && !watchers.get(rootId)) onUnwatched(next);
  };
  streamIfcStructure(rootId, fileId, (phase) => update({ phase })).then(
    (structure) => update({ status: 'done', structure }),
    (error: unknown) => update({ status: 'failed', error }),
  );
}

/** Forgets the project's reading (after its result was taken, or its failure shown). */
export function clearIfcRun(rootId: number): void {
  put(rootId, undefined);
}

/** The project's reading, as it goes. */
export function useIfcRun(rootId: number): IfcRun | undefined {
  return useSyncExternalStore(subscribe, () => runs.get(rootId));
}

/** Marks the project's structure editor as open while the calling component is mounted. */
export function useWatchIfcRun(rootId: number): void {
  useEffect(() => {
    watchers.set(rootId, (watchers.get(rootId) ?? 0) + 1);
    return () => {
      watchers.set(rootId, (watchers.get(rootId) ?? 1) - 1);
    };
  }, [rootId]);
}
