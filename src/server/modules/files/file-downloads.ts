import { pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { sanitizeFileName } from '../../../shared/rules/files';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { StorageKeyNotFound } from '../../platform/storage/storage';
import { contentDisposition, inlineTypes, parseRange } from './content-disposition';
import * as service from './service';
import { streamZip } from './zip';
import { createLimiter, roomPerKey, type Limiter } from '../../platform/limiter';
import { paced } from '../../platform/http/paced';
import { tooManyWaiting } from '../../platform/workers/run-module';

/** One version of a file as a download (or inline for PDF and images), with byte ranges. */
export async function sendFile(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; fileId: number; version?: number; inline?: '1' | '0' },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { name, version } = await service.openFileVersion(ctx, user, ids);
  const range = parseRange(request.headers.range, version.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${version.size}`).send();
  }
  const stream = await ctx.storage.get(version.storage_key, range ?? undefined).catch((err) => {
    if (err instanceof StorageKeyNotFound) throw new AppError('NotFound');
    throw err;
  });
  const inline = ids.inline === '1' && inlineTypes.has(version.content_type);
  void reply
    .header('content-type', version.content_type)
    .header('content-disposition', contentDisposition(name, inline ? 'inline' : 'attachment'))
    .header('accept-ranges', 'bytes')
    .header('etag', `"${version.sha256}"`)
    .header('cache-control', 'private, no-store');
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${version.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    void reply.header('content-length', version.size);
  }
  return reply.send(stream);
}

/**
 * Zip downloads of one application: at most four stream at once (deflate runs on libuv's four
 * threads), a tenant holds at most two of them, and a user waits with at most two more; beyond that
 * the request gets 429 before anything is read. A download holds its place until its answer is
 * sent or its client goes away.
 */
const zipLimits = {
  concurrency: 4,
  concurrencyPerFirstKey: 2,
  queueLimit: 50,
  queueLimitPerKey: 2,
  full: tooManyWaiting,
};

/** The limit of `ctx.limits.zips`, built once per application in `buildApp`. */
export const zipLimiter = (): Limiter => createLimiter(zipLimits);

/**
 * The zip route's config: a session's zip requests beyond what one user may hold (streaming and
 * waiting) are refused before the session is read (in-flight.ts).
 */
export const zipWork = { heavyWork: { kind: 'zip', perCredential: roomPerKey(zipLimits) } };

/**
 * The prepared selection as one zip, streamed while it is built, at most at the configured rate
 * (ZIP_STREAM_MB_PER_S): a few zips read at a local network's speed would take the machine's cores.
 */
export async function sendZip(ctx: ServiceContext, user: SessionUser, downloadId: string, reply: FastifyReply) {
  const key = [user.tenantId, user.userId];
  if (!ctx.limits.zips.admits(key)) throw tooManyWaiting();
  await ctx.limits.zips(async () => {
    // The client may have gone away while the download waited for its place: nothing to send.
    if (reply.raw.destroyed || reply.raw.socket?.destroyed === true) return;
    const { entries, archiveName } = await service.openDownload(ctx, user, downloadId);
    const fileName = `${sanitizeFileName(archiveName) ?? 'files'}.zip`;
    const sent = new Promise((resolve) => {
      reply.raw.once('close', resolve);
      if (reply.raw.destroyed) resolve(undefined);
    });
    void reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'private, no-store')
      .header('x-uncompressed-size', String(entries.reduce((s, e) => s + e.size, 0)))
      .send(pipeline(streamZip(ctx.storage, entries), paced(ctx.config.files.zipBytesPerSecond), () => undefined));
    await sent;
  }, key);
  return reply;
}
