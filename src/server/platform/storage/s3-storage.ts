import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import { assertKey, hashingCounter, StorageKeyNotFound, type StorageDriver } from './storage';

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prefix of the stored objects inside the bucket. */
  prefix: string;
};

export function s3ClientConfig(s: S3Settings) {
  return {
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  };
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { name?: string }).name === 'NotFound' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** An S3-compatible bucket; multipart uploads through lib-storage keep memory flat. */
export function createS3Storage(settings: S3Settings): StorageDriver {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertKey(key);
    return `${settings.prefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, body, options) {
      const counter = hashingCounter();
      const pass = new PassThrough();
      body.on('error', (err) => pass.destroy(err));
      body.pipe(counter).pipe(pass);
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: pass, ContentType: options?.contentType },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
      return counter.result();
    },
    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new StorageKeyNotFound(key);
        throw err;
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async downloadUrl() {
      return null;
    },
    async close() {
      client.destroy();
    },
  };
}
