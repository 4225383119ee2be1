import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ConversionStatus, FileConversion } from '../../../shared/schemas/review';
import type { ServiceContext } from '../../platform/context';
import {
  ConversionError,
  convertIfcToFragments,
  defaultConversionLimits,
  type ConversionLimits,
} from '../../platform/ifc/fragments-convert';
import * as repo from './conversion-repository';

/** Bumped when the converter's output changes, so stored fragments are made again. */
const FORMAT = 'fr1';

/**
 * Fragments are stored by the IFC's sha-256: the same model uploaded again (another version, the
 * demo data after a reset) is converted once.
 */
export const fragmentsKey = (sha256: string) => `${FORMAT}-${sha256}`;

type Queue = { running: Promise<void> | null; again: boolean; stopped: boolean; abort: AbortController };
const queues = new WeakMap<ServiceContext, Queue>();

export type ConversionOptions = { limits?: ConversionLimits };

/**
 * Starts converting the IFC versions that wait (one at a time, each in a worker thread); returns
 * at once. Called after an upload, at start and after a demo reset. The promise resolves when the
 * queue is empty (tests await it).
 */
export function kickConversions(ctx: ServiceContext, options: ConversionOptions = {}): Promise<void> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = { running: null, again: false, stopped: false, abort: new AbortController() };
    queues.set(ctx, queue);
  }
  if (queue.stopped) return Promise.resolve();
  if (queue.running) {
    queue.again = true;
    return queue.running;
  }
  const running = drain(ctx, queue, options.limits ?? defaultConversionLimits).finally(() => {
    queue.running = null;
  });
  queue.running = running;
  return running;
}

/** Stops the queue of this application (on close); an interrupted conversion is redone at the next start. */
export function stopConversions(ctx: ServiceContext): void {
  const queue = queues.get(ctx) ?? { running: null, again: false, stopped: true, abort: new AbortController() };
  queue.stopped = true;
  queue.abort.abort();
  queues.set(ctx, queue);
}

export async function resumeConversions(ctx: ServiceContext): Promise<void> {
  await repo.requeueInterrupted(ctx.db);
  void kickConversions(ctx);
}

async function drain(ctx: ServiceContext, queue: Queue, limits: ConversionLimits): Promise<void> {
  try {
    do {
      queue.again = false;
      for (;;) {
        if (queue.stopped) return;
        const next = await repo.claimNext(ctx.db, ctx.clock.now());
        if (!next) break;
        await convertOne(ctx, queue, next, limits);
      }
    } while (queue.again && !queue.stopped);
  } catch (err) {
    if (!queue.stopped) ctx.log.error({ err }, 'fragments conversion queue failed');
  }
}

async function convertOne(ctx: ServiceContext, queue: Queue, next: repo.PendingConversion, limits: ConversionLimits) {
  const started = performance.now();
  const key = fragmentsKey(next.sha256);
  try {
    if (!(await ctx.storage.exists(key))) {
      const bytes = new Uint8Array(await buffer(await ctx.storage.get(next.storage_key)));
      const fragments = await convertIfcToFragments(bytes, limits, queue.abort.signal);
      await ctx.storage.put(
        key,
        Readable.from([Buffer.from(fragments.buffer, fragments.byteOffset, fragments.byteLength)]),
      );
    }
    const size = (await ctx.storage.stat(key))?.size ?? 0;
    if (queue.stopped) return;
    const durationMs = Math.round(performance.now() - started);
    await repo.markReady(ctx.db, next.project_file_version_id, { key, size, durationMs, now: ctx.clock.now() });
    ctx.log.info({ versionId: next.project_file_version_id, durationMs, size }, 'IFC converted to fragments');
  } catch (err) {
    if (queue.stopped) return;
    const reason = err instanceof ConversionError ? err.reason : 'VIEWER.Conversion.Failed.Unreadable';
    ctx.log.warn({ err, versionId: next.project_file_version_id }, 'IFC conversion failed');
    const durationMs = Math.round(performance.now() - started);
    await repo.markFailed(ctx.db, next.project_file_version_id, reason, durationMs, ctx.clock.now());
  }
}

/** The status of each IFC version (no row: still queued); other kinds have none. */
export async function conversionsOf(
  ctx: Pick<ServiceContext, 'db'>,
  versionIds: number[],
): Promise<Map<number, FileConversion>> {
  const rows = await repo.findConversions(ctx.db, versionIds);
  const byId = new Map(rows.map((r) => [r.project_file_version_id, r]));
  const out = new Map<number, FileConversion>();
  for (const id of versionIds) {
    const row = byId.get(id);
    const status: ConversionStatus = row?.status ?? 'queued';
    out.set(id, { status, reason: row?.reason ?? null });
  }
  return out;
}
