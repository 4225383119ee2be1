import type { DataStore } from '@tus/utils';
import type { Job } from '../../platform/jobs/runner';
import type { ServiceContext } from '../../platform/context';
import * as transferRepo from './transfer-repository';
import { createUploadStore, UPLOAD_TTL_MS } from './upload';

const DAY = 24 * 60 * 60 * 1000;
/** Bytes no version uses any more (e.g. after a unit was deleted) wait this long before they go. */
export const ORPHAN_GRACE_MS = DAY;
const BATCH = 500;

export type PurgeResult = { files: number; blobs: number; downloads: number; uploads: number };

/**
 * Removes what nobody can see any more: files soft-deleted longer than the retention period,
 * stored bytes no version uses, expired zip downloads and abandoned partial uploads.
 */
export async function purgeFiles(ctx: ServiceContext, store: DataStore, now: Date): Promise<PurgeResult> {
  const retention = ctx.config.files.retentionDays * DAY;
  const files = await transferRepo.purgeDeletedFiles(ctx.db, new Date(now.getTime() - retention));
  await transferRepo.markUnreferencedBlobs(ctx.db, now);
  let blobs = 0;
  for (;;) {
    const batch = await transferRepo.findPurgeableBlobs(ctx.db, new Date(now.getTime() - ORPHAN_GRACE_MS), BATCH);
    for (const b of batch) {
      // The row goes first: a blob row never points at missing bytes.
      await transferRepo.deleteBlob(ctx.db, b.storage_key);
      await ctx.storage.delete(b.storage_key);
      blobs++;
    }
    if (batch.length < BATCH) break;
  }
  const downloads = await transferRepo.deleteExpiredDownloads(ctx.db, now);
  let uploads = 0;
  for (const u of await transferRepo.findStaleUploads(ctx.db, new Date(now.getTime() - UPLOAD_TTL_MS))) {
    if (u.project_file_version_id === null) await store.remove(u.upload_id).catch(() => undefined);
    await transferRepo.deleteUpload(ctx.db, u.upload_id);
    uploads++;
  }
  return { files, blobs, downloads, uploads };
}

/** Nightly from 02:00 UTC, once per day across all instances. */
export function fileJobs(ctx: ServiceContext): Job[] {
  const store = createUploadStore(ctx);
  return [
    {
      name: 'files-purge',
      runKey: (now) => (now.getUTCHours() >= 2 ? now.toISOString().slice(0, 10) : null),
      run: async (now) => {
        const result = await purgeFiles(ctx, store, now);
        ctx.log.info({ ...result }, 'project files purged');
      },
    },
  ];
}
