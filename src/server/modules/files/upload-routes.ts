import type { IncomingMessage } from 'node:http';
import { Metadata, TUS_RESUMABLE } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { requireUser } from '../../platform/auth/auth-plugin';
import { securityHeaders } from '../../platform/http/security-headers';
import {
  beginUpload,
  createTusServer,
  createUploadStore,
  forgetUpload,
  LANGUAGE_HEADER,
  MAX_SIZE_HEADER,
  requireOwnUpload,
  touchUpload,
  TUS_PATH,
  UPLOAD_ID_HEADER,
} from './upload';

/** Sets (or removes) a header on the raw request, in both views Node keeps of them. */
function setRawHeader(raw: IncomingMessage, name: string, value: string | null) {
  const rawHeaders = raw.rawHeaders;
  for (let i = rawHeaders.length - 2; i >= 0; i -= 2) {
    if (rawHeaders[i]?.toLowerCase() === name) rawHeaders.splice(i, 2);
  }
  if (value === null) {
    delete raw.headers[name];
    return;
  }
  raw.headers[name] = value;
  rawHeaders.push(name, value);
}

/** `Upload-Metadata`: comma-separated `key base64value` pairs (tus creation extension). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const wholeNumber = (v: string) => /^(0|[1-9]\d*)$/.test(v) && Number.isSafeInteger(Number(v));
const metadataParses = (v: string) => {
  try {
    Metadata.parse(v);
    return true;
  } catch {
    return false;
  }
};
/** tus's own rules for the headers it reads; it refuses a request that breaks one in plain text. */
const tusHeaderRules: Record<string, (value: string, method: string) => boolean> = {
  'tus-resumable': (v) => v === TUS_RESUMABLE,
  'upload-offset': wholeNumber,
  'upload-length': wholeNumber,
  'upload-defer-length': (v) => v === '1',
  'upload-metadata': metadataParses,
  'x-forwarded-proto': (v) => v === 'http' || v === 'https',
  'content-type': (v, method) => method !== 'PATCH' || v === 'application/offset+octet-stream',
};

/** The same checks before tus sees the request, so a bad header is answered in the API's error shape. */
function requireTusHeaders(request: FastifyRequest) {
  const headers = request.headers;
  const invalid =
    headers['tus-resumable'] === undefined ||
    Object.entries(tusHeaderRules).some(([name, valid]) => {
      const value = headers[name];
      return value !== undefined && !(typeof value === 'string' && valid(value, request.method));
    });
  if (invalid) throw new AppError('ValidationFailed', 'FILES.Errors.InvalidUploadRequest');
}

/**
 * Resumable uploads (tus 1.0) under /api/file/uploads. The session and CSRF rule of every API
 * call apply (auth plugin); creation checks access, name, type and size before any byte is
 * accepted; later requests only reach the upload's owner.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const store = createUploadStore(app.ctx);
  const tus = createTusServer(app.ctx, store);

  // tus reads the request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  // tus writes its answers past Fastify's hooks: they get the headers of every other answer here.
  const headers = { ...securityHeaders(app.ctx.config.secureCookies), 'Cache-Control': 'no-store' };

  const pass = async (request: FastifyRequest, reply: FastifyReply, maxSize: number) => {
    const user = requireUser(request);
    setRawHeader(request.raw, MAX_SIZE_HEADER, String(maxSize));
    setRawHeader(request.raw, LANGUAGE_HEADER, user.language);
    reply.hijack();
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    await tus.handle(request.raw, reply.raw);
  };

  app.post(TUS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const user = requireUser(request);
    requireTusHeaders(request);
    // Parallel uploads (tus concatenation) are not offered; told before anything is stored.
    if (request.headers['upload-concat'] !== undefined) {
      throw new AppError('ValidationFailed', 'FILES.Errors.ConcatenationNotSupported');
    }
    const meta = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
    const size = Number(request.headers['upload-length']);
    const unitId = Number(meta.unitId);
    if (!Number.isSafeInteger(unitId) || unitId <= 0) throw new AppError('NotFound');
    if (!Number.isSafeInteger(size)) throw new AppError('ValidationFailed', 'FILES.Errors.LengthRequired');
    const { uploadId, maxSize } = await beginUpload(app.ctx, user, { unitId, fileName: meta.filename ?? '', size });
    setRawHeader(request.raw, UPLOAD_ID_HEADER, uploadId);
    await pass(request, reply, maxSize);
    // tus refused the creation (a header it reads more strictly, no staging space): the row and
    // its reserved space go too, so nothing of a refused upload is kept.
    if (reply.raw.statusCode !== 201) await forgetUpload(app.ctx, uploadId);
  });

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: `${TUS_PATH}/:uploadId`,
      schema: { hide: true },
      handler: async (request, reply) => {
        setRawHeader(request.raw, UPLOAD_ID_HEADER, null);
        requireTusHeaders(request);
        const upload = await requireOwnUpload(
          app.ctx,
          requireUser(request),
          (request.params as { uploadId: string }).uploadId,
        );
        if (upload.project_file_version_id !== null && method !== 'HEAD') throw new AppError('Conflict');
        if (method === 'PATCH') await touchUpload(app.ctx, upload.upload_id);
        // A cancelled upload gives back its place and its reserved space at once; tus removes the bytes.
        if (method === 'DELETE') await forgetUpload(app.ctx, upload.upload_id);
        await pass(request, reply, upload.size);
      },
    });
  }
};
