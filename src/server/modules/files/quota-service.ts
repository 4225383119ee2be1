import { AppError } from '../../../shared/errors';
import type { StorageUsage } from '../../../shared/schemas/storage-usage';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { hitRateLimit, tooManyAttempts } from '../../platform/http/rate-limit';
import * as quotaRepo from './quota-repository';

/** An unfinished upload without bytes for this long no longer counts as one of its user's open uploads. */
export const OPEN_UPLOAD_IDLE_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const MB = 1024 * 1024;

/** The tenant's usage with the quotas in force (the tenant's own, else the server's default). */
export async function storageUsage(ctx: Pick<ServiceContext, 'config'>, db: Database, tenantId: number) {
  const row = await quotaRepo.findUsage(db, tenantId);
  return {
    storedBytes: row.storedBytes,
    storedFiles: row.storedFiles,
    pendingBytes: row.pendingBytes,
    pendingUploads: row.pendingUploads,
    quotaBytes: row.quotaBytes ?? ctx.config.quotas.tenantBytes,
    quotaFiles: row.quotaFiles ?? ctx.config.quotas.tenantFiles,
  } satisfies StorageUsage;
}

/** The admin's view of the own tenant's storage against its quota. */
export async function getStorageUsage(ctx: ServiceContext, user: SessionUser): Promise<StorageUsage> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  return storageUsage(ctx, ctx.db, tenantId);
}

/**
 * A user's upload rate: uploads started per minute, counted with every attempt that got this far
 * (429 with the wait when over).
 */
export async function countUploadStart(ctx: ServiceContext, userId: number) {
  const max = ctx.config.quotas.uploadsPerMinute;
  const hit = await hitRateLimit(ctx.db, 'file-uploads', `u${userId}`, MINUTE_MS, ctx.clock.now());
  if (hit.current > max) throw tooManyAttempts(hit.ttl);
}

/** At most a few uploads in progress per user: each holds a row and staging space until it ends. */
export async function requireUploadSlot(ctx: ServiceContext, db: Database, userId: number) {
  const max = ctx.config.quotas.openUploadsPerUser;
  const open = await quotaRepo.countOpenUploads(db, userId, new Date(ctx.clock.now().getTime() - OPEN_UPLOAD_IDLE_MS));
  if (open >= max) {
    throw new AppError('TooManyAttempts', [
      { messageType: 'Error', message: 'FILES.Errors.TooManyOpenUploads', params: { max } },
    ]);
  }
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * After the upload's row is written (its size now counts as pending, the tenant's usage row is
 * locked by the trigger until the transaction ends): refuses with 413 when the tenant's stored
 * and announced bytes or files pass the quota, so the transaction and with it the row are undone.
 */
export async function requireQuota(ctx: Pick<ServiceContext, 'config'>, db: Database, tenantId: number, size: number) {
  const u = await storageUsage(ctx, db, tenantId);
  const bytes = u.storedBytes + u.pendingBytes;
  if (bytes > u.quotaBytes) {
    throw new AppError('PayloadTooLarge', [
      {
        messageType: 'Error',
        message: 'FILES.Errors.QuotaExceeded',
        params: { free: mb(Math.max(0, u.quotaBytes - (bytes - size))), size: mb(size), quota: mb(u.quotaBytes) },
      },
    ]);
  }
  if (u.storedFiles + u.pendingUploads > u.quotaFiles) {
    throw new AppError('PayloadTooLarge', [
      { messageType: 'Error', message: 'FILES.Errors.FileQuotaExceeded', params: { quota: u.quotaFiles } },
    ]);
  }
}
