import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { localFilesRoot } from './create-storage';

/**
 * The directory whose file system holds the data this server writes: the embedded database,
 * staged uploads and (without a bucket) the stored files. DATA_DIR, or for an in-memory database
 * the temporary directory the files go to.
 */
export function dataDirectory(config: Config): string {
  return path.dirname(localFilesRoot(config));
}

/**
 * Bytes an unprivileged process may still write on the directory's file system; null when unknown.
 * A directory not made yet is measured at its nearest existing parent, where it will be made.
 */
export async function freeDiskBytes(dir: string): Promise<number | null> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const s = await fs.promises.statfs(at);
      return s.bavail * s.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) return null;
    }
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks the free space of the data directory every `intervalMs` and logs a warning when it is
 * below `thresholdBytes` (again every hour while it stays low; once more when it recovers).
 * Readiness does not depend on it: a full disk refuses writes, reads go on. Returns the stop.
 */
export function watchDiskSpace(options: {
  dir: string;
  thresholdBytes: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}): { check: () => Promise<void>; stop: () => void } {
  const now = options.now ?? Date.now;
  let lowSince: number | null = null;
  let warnedAt = 0;
  const check = async () => {
    if (options.thresholdBytes <= 0) return;
    const free = await freeDiskBytes(options.dir);
    if (free === null) return;
    if (free < options.thresholdBytes) {
      if (lowSince === null || now() - warnedAt >= HOUR_MS) {
        options.log.warn(
          { dir: options.dir, freeBytes: free, thresholdBytes: options.thresholdBytes },
          'free disk space of the data directory is low',
        );
        warnedAt = now();
      }
      lowSince ??= now();
    } else if (lowSince !== null) {
      options.log.info({ dir: options.dir, freeBytes: free }, 'free disk space of the data directory recovered');
      lowSince = null;
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? 60_000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
