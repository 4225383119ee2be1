import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withLocalFile } from './local-file';
import { createLocalStorage } from './local-storage';
import { newStorageKey, StorageKeyNotFound, type StorageDriver } from './storage';

/** A worker gets a path: local storage's own file, or a temporary copy of a remote object that is removed afterwards. */
describe('a stored file as a path for a worker', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-file-test-'));
  const local = createLocalStorage(path.join(dir, 'files'));
  // The same bytes behind a driver that has no files on this machine, as S3 is.
  const { localPath: _own, ...remote } = local;
  const remoteDriver: StorageDriver = remote;
  const temp = path.join(dir, 'tmp');

  it('local storage hands over its own file; nothing is copied', async () => {
    const key = newStorageKey();
    await local.put(key, Readable.from([Buffer.from('ISO-10303-21; local')]));
    const seen = await withLocalFile(local, key, temp, async (file) => {
      expect(file).toBe(local.localPath?.(key));
      return fs.readFileSync(file, 'utf8');
    });
    expect(seen).toBe('ISO-10303-21; local');
    expect(fs.existsSync(temp)).toBe(false);
  });

  it('remote storage is streamed to a temporary file, removed afterwards, also when the work fails', async () => {
    const key = newStorageKey();
    await local.put(key, Readable.from([Buffer.from('ISO-10303-21; remote')]));
    let copy = '';
    const seen = await withLocalFile(remoteDriver, key, temp, async (file) => {
      copy = file;
      expect(path.dirname(file)).toBe(temp);
      return fs.readFileSync(file, 'utf8');
    });
    expect(seen).toBe('ISO-10303-21; remote');
    expect(fs.existsSync(copy)).toBe(false);
    await expect(
      withLocalFile(remoteDriver, key, temp, async () => {
        throw new Error('worker failed');
      }),
    ).rejects.toThrow('worker failed');
    expect(fs.readdirSync(temp)).toEqual([]);
  });

  it('a missing object is StorageKeyNotFound on both, and leaves nothing behind', async () => {
    const key = newStorageKey();
    await expect(withLocalFile(local, key, temp, async () => 1)).rejects.toBeInstanceOf(StorageKeyNotFound);
    await expect(withLocalFile(remoteDriver, key, temp, async () => 1)).rejects.toBeInstanceOf(StorageKeyNotFound);
    expect(fs.readdirSync(temp)).toEqual([]);
  });
});
