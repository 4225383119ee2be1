import { Readable } from 'node:stream';
import type { ConversionStatus, FileConversion } from '../../../shared/schemas/review';
import type { ServiceContext } from '../../platform/context';
import {
  ConversionError,
  convertIfcToFragments,
  defaultConversionLimits,
  type ConversionLimits,
} from '../../platform/ifc/fragments-convert';
import { keepRenewed, RENEW_MS } from '../../platform/jobs/lease';
import { withLocalFile, workerTempDir } from '../../platform/storage/local-file';
import * as repo from './conversion-repository';

/** Bumped when the converter's output changes, so stored fragments are made again. */
const FORMAT = 'fr1';

/**
 * Fragments are stored by the IFC's sha-256: the same model uploaded again (another version, the
 * demo data after a reset) is converted once.
 */
export const fragmentsKey = (sha256: string) => `${FORMAT}-${sha256}`;

type Queue = {
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  abort: AbortController;
  /** The regular look for claims whose process died (and for models waiting too long). */
  sweep: NodeJS.Timeout | null;
};
const queues = new WeakMap<ServiceContext, Queue>();

export type ConversionOptions = { limits?: ConversionLimits };

/**
 * Starts converting the IFC versions that wait (one at a time, each in a worker thread); returns
 * at once. Called after an upload, at start and after a demo reset. The promise resolves when the
 * queue is empty (tests await it).
 */
export function kickConversions(ctx: ServiceContext, options: ConversionOptions = {}, wait = true): Promise<void> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = newQueue();
    queues.set(ctx, queue);
  }
  if (queue.stopped) return Promise.resolve();
  if (queue.running) {
    queue.again = true;
    return wait ? queue.running : Promise.resolve();
  }
  const limits = options.limits ?? {
    ...defaultConversionLimits,
    maxInputBytes: ctx.config.files.ifcMaxBytes,
    maxMemoryMb: ctx.config.files.ifcWorkerMemoryMb,
  };
  const running = drain(ctx, queue, limits).finally(() => {
    queue.running = null;
  });
  queue.running = running;
  return wait ? running : Promise.resolve();
}

const newQueue = (): Queue => ({
  running: null,
  again: false,
  stopped: false,
  abort: new AbortController(),
  sweep: null,
});

/**
 * Stops the queue of this application (on close): the running conversion is cancelled and its
 * claim given back, so another instance (or the next start) converts the version.
 */
export async function stopConversions(ctx: ServiceContext): Promise<void> {
  const queue = queues.get(ctx) ?? newQueue();
  queue.stopped = true;
  queue.abort.abort();
  if (queue.sweep) clearInterval(queue.sweep);
  queues.set(ctx, queue);
  if (queue.running) await Promise.race([queue.running, new Promise((r) => setTimeout(r, 5_000).unref())]);
}

/**
 * At start: converts what waits, and from then on looks every {@link RENEW_MS} for claims whose
 * process died (their lease ran out: they are taken over, or failed after too many attempts), so
 * no version stays "converting". On the embedded database this process is the only one: claims
 * left from before are its own predecessor's and are taken over at once.
 */
export async function resumeConversions(ctx: ServiceContext): Promise<void> {
  if (!ctx.config.databaseUrl) await repo.expireOwnClaims(ctx.db);
  await sweep(ctx);
  const queue = queues.get(ctx);
  if (!queue || queue.stopped || queue.sweep) return;
  queue.sweep = setInterval(() => void sweep(ctx), RENEW_MS);
  queue.sweep.unref();
}

async function sweep(ctx: ServiceContext): Promise<void> {
  try {
    const failed = await repo.failAbandoned(ctx.db, ctx.clock.now());
    if (failed.length) ctx.log.warn({ versionIds: failed }, 'IFC conversions failed after repeated interruptions');
    await kickConversions(ctx, {}, false);
  } catch (err) {
    if (!queues.get(ctx)?.stopped) ctx.log.error({ err }, 'looking for abandoned conversions failed');
  }
}

async function drain(ctx: ServiceContext, queue: Queue, limits: ConversionLimits): Promise<void> {
  try {
    do {
      queue.again = false;
      for (;;) {
        if (queue.stopped) return;
        const next = await repo.claimNext(ctx.db);
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
  const versionId = next.project_file_version_id;
  const stopRenewing = keepRenewed(
    () => repo.renewClaim(ctx.db, versionId),
    (err) => ctx.log.warn({ err, versionId }, 'claim not renewed'),
  );
  ctx.log.info({ versionId }, 'IFC conversion started');
  try {
    if (!(await ctx.storage.exists(key))) {
      // Refused by its recorded size before the file is opened (or copied from remote storage).
      const recorded = await repo.versionSize(ctx.db, versionId);
      if (recorded > limits.maxInputBytes) {
        throw new ConversionError('VIEWER.Conversion.Failed.TooLarge', `${recorded} bytes`);
      }
      // The worker reads the file itself; the model never passes through this thread's memory.
      const fragments = await withLocalFile(ctx.storage, next.storage_key, workerTempDir(ctx.config.dataDir), (file) =>
        convertIfcToFragments(file, recorded, limits, queue.abort.signal),
      );
      await ctx.storage.put(
        key,
        Readable.from([Buffer.from(fragments.buffer, fragments.byteOffset, fragments.byteLength)]),
      );
    }
    const size = (await ctx.storage.stat(key))?.size ?? 0;
    if (queue.stopped) return await giveBack(ctx, versionId);
    const durationMs = Math.round(performance.now() - started);
    await repo.markReady(ctx.db, next.project_file_version_id, { key, size, durationMs, now: ctx.clock.now() });
    ctx.log.info({ versionId: next.project_file_version_id, durationMs, size }, 'IFC converted to fragments');
  } catch (err) {
    if (queue.stopped) return await giveBack(ctx, versionId);
    const reason = err instanceof ConversionError ? err.reason : 'VIEWER.Conversion.Failed.Unreadable';
    ctx.log.warn({ err, versionId: next.project_file_version_id }, 'IFC conversion failed');
    const durationMs = Math.round(performance.now() - started);
    await repo.markFailed(ctx.db, next.project_file_version_id, reason, durationMs, ctx.clock.now());
  } finally {
    stopRenewing();
  }
}

async function giveBack(ctx: ServiceContext, versionId: number) {
  // The database may already be closing; the claim then goes stale and is taken over.
  await repo.releaseClaim(ctx.db, versionId).catch(() => undefined);
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
