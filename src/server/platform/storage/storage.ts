import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

export type StoredObject = { size: number; sha256: string };

/**
 * Where file bytes live: a local directory or an S3-compatible bucket. Keys are opaque
 * (`newStorageKey`), never built from a file name. Every method streams; nothing holds a whole
 * file in memory.
 */
export type StorageDriver = {
  readonly kind: 'local' | 's3';
  /** Stores the stream under the key; the sha-256 is computed while the bytes pass. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<StoredObject>;
  /** The bytes of the key (or of a range of them); NotFound when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the stored object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /**
   * The path of the stored file when the bytes lie on this machine's disk (local storage), so a
   * worker thread can read it itself; absent for remote storage.
   */
  localPath?(key: string): string;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL the browser may fetch directly (a signed URL), or null when downloads are proxied
   * through the server. Both drivers proxy, so access checks and journaling stay in one place.
   */
  downloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string | null>;
  close(): Promise<void>;
};

export class StorageKeyNotFound extends Error {
  constructor(key: string) {
    super(`storage key not found: ${key}`);
  }
}

const KEY = /^[a-z0-9][a-z0-9-]{15,80}$/;

/** A fresh opaque key. */
export const newStorageKey = () => `f-${crypto.randomUUID()}`;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** A pass-through that counts and hashes the bytes flowing through it. */
export function hashingCounter(): Transform & { result(): StoredObject } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { result(): StoredObject };
  let digest: string | null = null;
  t.result = () => {
    digest ??= hash.digest('hex');
    return { size, sha256: digest };
  };
  return t;
}
