import { z } from 'zod';

/**
 * A tenant's storage against its quota (admin's file policy page): stored bytes and files
 * (several versions of one content count once) and the uploads announced and not yet finished,
 * which count toward the quota from their first request.
 */
export const storageUsageSchema = z.object({
  storedBytes: z.number().int(),
  storedFiles: z.number().int(),
  pendingBytes: z.number().int(),
  pendingUploads: z.number().int(),
  quotaBytes: z.number().int(),
  quotaFiles: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** From this share of either quota on, the admin is warned. */
export const STORAGE_WARNING_SHARE = 0.8;

/**
 * The larger of the two shares used (bytes, files), each with the pending uploads; 0…1 or above.
 * A quota of zero (set so by the operator) takes nothing: it counts as full.
 */
export function storageShare(u: StorageUsage): number {
  const share = (used: number, quota: number) => (quota > 0 ? used / quota : 1);
  return Math.max(
    share(u.storedBytes + u.pendingBytes, u.quotaBytes),
    share(u.storedFiles + u.pendingUploads, u.quotaFiles),
  );
}
