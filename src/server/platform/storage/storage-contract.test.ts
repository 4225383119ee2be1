import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { newStorageKey, StorageKeyNotFound, type StorageDriver } from './storage';

/** Bytes produced lazily, chunk by chunk, so the drivers must stream. */
function chunks(total: number, chunkSize = 256 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(chunkSize, total - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

function expected(total: number): Buffer {
  const b = Buffer.alloc(total);
  for (let i = 0; i < total; i++) b[i] = i % 251;
  return b;
}

type Subject = { name: string; open: () => Promise<StorageDriver>; close: () => Promise<void> };

let tmp: string;
let s3: S3rver | undefined;

const subjects: Subject[] = [
  {
    name: 'local directory',
    open: async () => createLocalStorage(path.join(tmp, 'local')),
    close: async () => {},
  },
  {
    name: 's3 (s3rver)',
    open: async () => {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: path.join(tmp, 's3rver'),
        configureBuckets: [{ name: 'planport-test', configs: [] }],
      });
      const { port } = (await s3.run()) as { port: number };
      return createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'planport-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'files/',
      });
    },
    close: async () => {
      await s3?.close();
    },
  },
];

beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'planport-storage-'));
});
afterAll(async () => {
  await fsp.rm(tmp, { recursive: true, force: true });
});

describe.each(subjects)('storage driver contract: $name', (subject) => {
  let storage: StorageDriver;
  beforeAll(async () => {
    storage = await subject.open();
  });
  afterAll(async () => {
    await storage.close();
    await subject.close();
  });

  it('stores a stream, reports size and sha-256, and gives the same bytes back', async () => {
    const key = newStorageKey();
    const total = 12 * 1024 * 1024 + 17; // more than one multipart part
    const stored = await storage.put(key, chunks(total), { contentType: 'application/octet-stream' });
    const bytes = expected(total);
    expect(stored).toEqual({ size: total, sha256: crypto.createHash('sha256').update(bytes).digest('hex') });
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: total });
    const back = await buffer(await storage.get(key));
    expect(back.equals(bytes)).toBe(true);
  });

  it('reads a byte range', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('0123456789abcdef')]));
    expect((await buffer(await storage.get(key, { start: 3, end: 7 }))).toString()).toBe('34567');
    expect((await buffer(await storage.get(key, { start: 10, end: 15 }))).toString()).toBe('abcdef');
  });

  it('stores an empty object', async () => {
    const key = newStorageKey();
    expect((await storage.put(key, Readable.from([]))).size).toBe(0);
    expect(await storage.stat(key)).toEqual({ size: 0 });
  });

  it('deletes, and deleting a missing key is no error', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('x')]));
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('answers a missing key with StorageKeyNotFound', async () => {
    await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(StorageKeyNotFound);
  });

  it('refuses keys that could escape (names, paths)', async () => {
    await expect(storage.put('../etc/passwd', Readable.from([]))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('plan.pdf')).rejects.toThrow(/invalid storage key/);
  });

  it('keeps nothing when the source stream fails', async () => {
    const key = newStorageKey();
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection dropped'));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it('proxies downloads through the server (no signed URL)', async () => {
    expect(await storage.downloadUrl(newStorageKey(), { fileName: 'a.pdf', expiresInSeconds: 60 })).toBeNull();
  });
});
