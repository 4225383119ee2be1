import type { FastifyReply } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { StorageKeyNotFound } from '../../platform/storage/storage';
import { openFileVersion } from '../files/service';
import { findConversions } from '../conversions/queue-repository';
import { requireReviewUnit } from './service';

/**
 * The converted model of an IFC version for the 3D viewer. Not ready yet (queued, converting): 404;
 * failed: 413 (too large) or 422 with the reason, so the viewer says why.
 */
export async function sendFragments(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; fileId: number; version?: number },
  reply: FastifyReply,
) {
  await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  const { version } = await openFileVersion(ctx, user, ids);
  return sendConvertedModel(ctx, version.project_file_version_id, reply);
}

/**
 * The fragments of one IFC file version, for any page that shows a model (the caller has checked
 * access). Not ready yet (queued, converting): 404; failed: 413 or 422 with the reason.
 */
export async function sendConvertedModel(ctx: ServiceContext, versionId: number, reply: FastifyReply) {
  const [conversion] = await findConversions(ctx.db, [versionId]);
  // A failed conversion is final: 413 for a model over the converter's limit, 422 for any other reason.
  if (conversion?.status === 'failed') {
    const reason = conversion.reason ?? 'VIEWER.Conversion.Failed.Unreadable';
    throw new AppError(reason === 'VIEWER.Conversion.Failed.TooLarge' ? 'PayloadTooLarge' : 'Unprocessable', reason);
  }
  if (!conversion || conversion.status !== 'ready' || !conversion.fragments_key) {
    throw new AppError('NotFound', conversion?.reason ?? 'VIEWER.Conversion.NotReady');
  }
  const stream = await ctx.storage.get(conversion.fragments_key).catch((err) => {
    if (err instanceof StorageKeyNotFound) throw new AppError('NotFound', 'VIEWER.Conversion.NotReady');
    throw err;
  });
  return reply
    .header('content-type', 'application/octet-stream')
    .header('etag', `"${conversion.fragments_key}"`)
    .header('cache-control', 'private, max-age=86400')
    .send(stream);
}
