import { describe, expect, it } from 'vitest';
import { STORAGE_WARNING_SHARE, storageShare, type StorageUsage } from './storage-usage';

const empty: StorageUsage = {
  storedBytes: 0,
  storedFiles: 0,
  pendingBytes: 0,
  pendingUploads: 0,
  quotaBytes: 1000,
  quotaFiles: 10,
};

describe('storage share against the quota', () => {
  it('counts announced uploads with the stored files, in bytes and in files, the larger share wins', () => {
    expect(storageShare(empty)).toBe(0);
    expect(storageShare({ ...empty, storedBytes: 500, pendingBytes: 300 })).toBe(0.8);
    expect(storageShare({ ...empty, storedBytes: 100, storedFiles: 7, pendingUploads: 2 })).toBe(0.9);
    expect(storageShare({ ...empty, storedBytes: 790 }) >= STORAGE_WARNING_SHARE).toBe(false);
    expect(storageShare({ ...empty, storedBytes: 1200 })).toBe(1.2);
  });

  it('takes a quota of zero as full rather than dividing by it', () => {
    expect(storageShare({ ...empty, quotaBytes: 0 })).toBe(1);
    expect(storageShare({ ...empty, quotaFiles: 0 })).toBe(1);
  });
});
