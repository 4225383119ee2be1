import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StorageKeyNotFound, type StorageDriver } from './storage';

/** Where remote objects are copied for a worker: DATA_DIR/tmp (the OS's for an in-memory database). */
export function workerTempDir(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? path.join(os.tmpdir(), `planport-${process.pid}`, 'tmp')
    : path.join(dataDir, 'tmp');
}

/**
 * Runs `use` with a path on this machine's disk holding the stored object, so a worker thread reads
 * the file itself and the bytes never pass through the main thread's memory. Local storage gives its
 * own file; remote storage is streamed into a temporary file that is removed afterwards.
 */
export async function withLocalFile<T>(
  storage: StorageDriver,
  key: string,
  tempDir: string,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) {
    const own = storage.localPath(key);
    await fsp.access(own).catch(() => {
      throw new StorageKeyNotFound(key);
    });
    return use(own);
  }
  await fsp.mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `worker-${crypto.randomUUID()}.part`);
  try {
    await pipeline(await storage.get(key), fs.createWriteStream(temp, { flags: 'wx' }));
    return await use(temp);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
