import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StorageDriver } from './storage';

/** Where local files go: DATA_DIR/files, or a temporary directory for an in-memory database. */
export function localFilesRoot(config: Config): string {
  const base = config.dataDir.startsWith('memory://')
    ? path.join(os.tmpdir(), `planport-${process.pid}`)
    : config.dataDir;
  return path.join(base, 'files');
}

/** The configured storage driver: S3 when a bucket is set, the local directory otherwise. */
export function createStorage(config: Config): StorageDriver {
  if (config.files.s3) return createS3Storage(config.files.s3);
  return createLocalStorage(localFilesRoot(config));
}
