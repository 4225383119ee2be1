import { Readable } from 'node:stream';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { emitEvent } from '../../platform/events';
import {
  ConversionError,
  convertIfcToFragments,
  defaultConversionLimits,
  type ConversionLimits,
} from '../../platform/ifc/fragments-convert';
import { withLocalFile, workerTempDir } from '../../platform/storage/local-file';
import { CONVERSION_KIND, enqueueMissingConversions, type ConversionPayload } from '../conversions/queue-repository';
import * as repo from './conversion-repository';

/** Bumped when the converter's output changes, so stored fragments are made again. */
const FORMAT = 'fr1';

/**
 * Fragments are stored by the IFC's sha-256: the same model uploaded again (another version, the
 * demo data after a reset) is converted once.
 */
export const fragmentsKey = (sha256: string) => `${FORMAT}-${sha256}`;

export type ConversionOptions = { limits?: ConversionLimits };

/** One model at a time per instance: a conversion takes a worker with a large heap. */
const CONVERSIONS_PER_INSTANCE = 1;

/**
 * Registers model conversion as background work of this application (platform/jobs/work.ts):
 * claimed in fair turns by tenant and uploader, with a lease any running instance takes over
 * when the converting process died, retried after growing delays and failed with its reason after
 * the last attempt. Idempotent.
 */
export function registerConversions(ctx: ServiceContext, options: ConversionOptions = {}): void {
  if (ctx.work.registered(CONVERSION_KIND)) return;
  const limits = options.limits ?? {
    ...defaultConversionLimits,
    maxInputBytes: ctx.config.files.ifcMaxBytes,
    maxMemoryMb: ctx.config.files.ifcWorkerMemoryMb,
  };
  ctx.work.register<ConversionPayload>(CONVERSION_KIND, {
    concurrency: CONVERSIONS_PER_INSTANCE,
    handler: (item, signal) => convertOne(ctx, item.payload.versionId, limits, signal),
    onFailed: async (item, reason) => {
      const versionId = (item.payload as ConversionPayload).versionId;
      const version = await repo.versionToConvert(ctx.db, versionId);
      if (!version) return;
      // The process converting it died on every attempt, or something other than the model failed each time.
      const shown =
        reason === 'interrupted' ? 'VIEWER.Conversion.Failed.Interrupted' : 'VIEWER.Conversion.Failed.Unreadable';
      await settled(ctx, versionId, version, 'failed', (trx) =>
        repo.markFailed(trx, versionId, shown, null, ctx.clock.now()),
      );
      ctx.log.warn({ versionId, reason }, 'IFC conversion failed for good');
    },
  });
}

/**
 * Converts the IFC versions that wait: queues those written without an upload, then claims. With
 * `wait` (tests, tools) it resolves when nothing of the kind is due or running on this instance.
 */
export async function kickConversions(
  ctx: ServiceContext,
  options: ConversionOptions = {},
  wait = true,
): Promise<void> {
  registerConversions(ctx, options);
  try {
    await enqueueMissingConversions(ctx.db);
  } catch (err) {
    ctx.log.error({ err }, 'queueing waiting IFC conversions failed');
  }
  if (wait) await ctx.work.drain(CONVERSION_KIND);
  else ctx.work.nudge(CONVERSION_KIND);
}

/**
 * At start: registers the kind and queues what waits. Claims of a process that died are taken over
 * by the work queue's poll in any running instance once their lease ran out (at once at the start
 * on the embedded database), so no version stays "converting".
 */
export async function resumeConversions(ctx: ServiceContext): Promise<void> {
  await kickConversions(ctx, {}, false);
}

async function convertOne(ctx: ServiceContext, versionId: number, limits: ConversionLimits, signal: AbortSignal) {
  const version = await repo.versionToConvert(ctx.db, versionId);
  // Gone, deleted, or already settled (e.g. converted by an attempt whose claimer died after the write).
  if (!version || version.deleted || version.status === 'ready' || version.status === 'failed') return;
  const started = performance.now();
  const key = fragmentsKey(version.sha256);
  await repo.markConverting(ctx.db, versionId);
  ctx.log.info({ versionId }, 'IFC conversion started');
  try {
    if (!(await ctx.storage.exists(key))) {
      // Refused by its recorded size before the file is opened (or copied from remote storage).
      if (version.size > limits.maxInputBytes) {
        throw new ConversionError('VIEWER.Conversion.Failed.TooLarge', `${version.size} bytes`);
      }
      // A stored file that is gone cannot come back by waiting (a storage outage throws instead).
      if (!(await ctx.storage.exists(version.storage_key))) {
        throw new ConversionError('VIEWER.Conversion.Failed.Unreadable', 'stored file missing');
      }
      // The worker reads the file itself; the model never passes through this thread's memory.
      const fragments = await withLocalFile(
        ctx.storage,
        version.storage_key,
        workerTempDir(ctx.config.dataDir),
        (file) => convertIfcToFragments(file, version.size, limits, signal),
      );
      await ctx.storage.put(
        key,
        Readable.from([Buffer.from(fragments.buffer, fragments.byteOffset, fragments.byteLength)]),
      );
    }
    const size = (await ctx.storage.stat(key))?.size ?? 0;
    if (signal.aborted) throw new Error('stopped');
    const durationMs = Math.round(performance.now() - started);
    await settled(ctx, versionId, version, 'ready', (trx) =>
      repo.markReady(trx, versionId, { key, size, durationMs, now: ctx.clock.now() }),
    );
    ctx.log.info({ versionId, durationMs, size }, 'IFC converted to fragments');
  } catch (err) {
    if (signal.aborted) {
      // The instance stops: shown as queued again; the work queue gives the claim back.
      await repo.markQueued(ctx.db, versionId).catch(() => undefined);
      throw err;
    }
    if (!(err instanceof ConversionError)) throw err; // storage or database: retried after a delay
    // The model itself cannot be converted: recorded once with its reason, never retried by a reader.
    ctx.log.warn({ err, versionId }, 'IFC conversion failed');
    const durationMs = Math.round(performance.now() - started);
    await settled(ctx, versionId, version, 'failed', (trx) =>
      repo.markFailed(trx, versionId, err.reason, durationMs, ctx.clock.now()),
    );
  }
}

/** Records a conversion's outcome with its event (pages showing the file refresh). */
async function settled(
  ctx: ServiceContext,
  versionId: number,
  version: repo.VersionToConvert,
  status: 'ready' | 'failed',
  write: (trx: Database) => Promise<void>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    await write(trx);
    await emitEvent(trx, {
      type: 'file.conversion.changed',
      tenantId: version.tenant_id,
      rootProjectUnitId: version.root_project_unit_id,
      projectUnitId: version.project_unit_id,
      subject: { kind: 'file', id: version.project_file_id },
      data: { versionId, status },
    });
  });
}
