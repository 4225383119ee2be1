import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertKey, hashingCounter, StorageKeyNotFound, type ByteRange, type StorageDriver } from './storage';

/**
 * Bytes per read of a stored file (Node's default is 64 KiB): a download or a zip streaming at tens
 * of MB/s then costs a quarter of the reads and socket writes on the event loop.
 */
const READ_CHUNK = 256 * 1024;

/** Files in a directory, two levels of fan-out so no directory grows too large. */
export function createLocalStorage(root: string): StorageDriver {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(2, 4), key);
  };

  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.part`;
      const counter = hashingCounter();
      try {
        await pipeline(body, counter, fs.createWriteStream(temp, { flags: 'wx' }));
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
      return counter.result();
    },
    async get(key, range?: ByteRange): Promise<Readable> {
      const file = pathOf(key);
      const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw new StorageKeyNotFound(key);
        throw err;
      });
      return handle.createReadStream({
        ...(range && { start: range.start, end: range.end }),
        highWaterMark: READ_CHUNK,
      });
    },
    async stat(key) {
      try {
        const s = await fsp.stat(pathOf(key));
        return { size: s.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    localPath(key) {
      return pathOf(key);
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async downloadUrl() {
      return null;
    },
    async close() {},
  };
}
