import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { EVENTS, Server as TusServer } from '@tus/server';
import type { DataStore } from '@tus/utils';
import { AppError, type ErrorBody } from '../../../shared/errors';
import { canUploadFiles, kindOfName, sanitizeFileName } from '../../../shared/rules/files';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { localFilesRoot } from '../../platform/storage/create-storage';
import { s3ClientConfig } from '../../platform/storage/s3-storage';
import { newStorageKey } from '../../platform/storage/storage';
import { journalTexts } from './journal-texts';
import * as repo from './repository';
import * as transferRepo from './transfer-repository';
import * as quotaRepo from './quota-repository';
import { filePolicy } from './service';
import { countUploadStart, requireQuota, requireUploadSlot } from './quota-service';
import { checkSignature, SIGNATURE_BYTES } from './signature';
import { emitEvent } from '../../platform/events';
import { insertJournal } from '../workflow/repository';
import { enqueueConversion } from '../conversions/queue-repository';
import { nudgeConversions } from '../conversions/state';

export const TUS_PATH = '/api/file/uploads';
/** Headers the route sets on the raw request for the tus server; a client's own values are overwritten. */
export const UPLOAD_ID_HEADER = 'x-planport-upload-id';
export const MAX_SIZE_HEADER = 'x-planport-max-size';
export const LANGUAGE_HEADER = 'x-planport-language';
/** Unfinished uploads are dropped after a day. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Where partial uploads wait: DATA_DIR/uploads, or the files bucket (prefix `uploads/`). */
export function createUploadStore(ctx: Pick<ServiceContext, 'config'>): DataStore {
  const s3 = ctx.config.files.s3;
  if (s3) {
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
      s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
    });
  }
  return new FileStore({
    directory: path.join(path.dirname(localFilesRoot(ctx.config as ServiceContext['config'])), 'uploads'),
    expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
  });
}

export type UploadRequest = { unitId: number; fileName: string; size: number };

/** The unit may take the file from this user: readable, writable by the upload rule. */
async function requireWritableUnit(ctx: ServiceContext, user: SessionUser, unitId: number) {
  const refused = new AppError('NotAllowed', 'FILES.Errors.UploadNotAllowed');
  const access = await requireAccess(ctx.db, user, { permission: 'file.write', id: unitId }).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'NotAllowed' ? refused : err;
  });
  // The same rule as data (src/shared/rules/files.ts), plus the variants that take no files.
  const allowed = canUploadFiles({
    isInternal: access.isInternal,
    isMember: access.isMember,
    rootState: access.root.state_key,
    unitState: access.unit.state_key,
    unitVariant: access.unit.project_unit_type_variant,
  });
  if (!allowed) throw refused;
  return access;
}

/**
 * The checks before the first byte (tus creation): access, a usable name, an allowed type by
 * name, the tenant's size limit. Returns the new upload id.
 */
export async function beginUpload(ctx: ServiceContext, user: SessionUser, input: UploadRequest) {
  const access = await requireWritableUnit(ctx, user, input.unitId);
  const name = sanitizeFileName(input.fileName);
  if (!name) throw new AppError('ValidationFailed', 'FILES.Errors.InvalidName');
  const policy = await filePolicy(ctx.db, access.root.tenant_id);
  const kind = kindOfName(name);
  if (!kind || !policy.allowedKinds.includes(kind)) {
    throw new AppError('UnsupportedMediaType', 'FILES.Errors.TypeNotAllowed');
  }
  if (input.size <= 0) throw new AppError('ValidationFailed', 'FILES.Errors.Empty');
  if (input.size > policy.maxFileSizeBytes) throw new AppError('PayloadTooLarge', 'FILES.Errors.TooLarge');
  // A model larger than the converter opens could never be shown; it is refused before any byte is sent.
  if (kind === 'ifc' && input.size > ctx.config.files.ifcMaxBytes) {
    throw new AppError('PayloadTooLarge', [
      {
        messageType: 'Error',
        message: 'FILES.Errors.IfcTooLarge',
        params: { max: Math.floor(ctx.config.files.ifcMaxBytes / 1024 ** 2) },
      },
    ]);
  }
  await countUploadStart(ctx, user.userId);
  const uploadId = `u${crypto.randomBytes(16).toString('hex')}`;
  // The row reserves the announced size in the tenant's usage; over the quota the transaction
  // is undone, so a refused upload leaves no row (and tus has not yet created its staging file).
  await ctx.db.transaction().execute(async (trx) => {
    await requireUploadSlot(ctx, trx, user.userId);
    await transferRepo.insertUpload(trx, {
      uploadId,
      tenantId: access.root.tenant_id,
      userId: user.userId,
      unitId: input.unitId,
      fileName: name,
      size: input.size,
      now: ctx.clock.now(),
    });
    await requireQuota(ctx, trx, access.root.tenant_id, input.size);
  });
  return { uploadId, maxSize: input.size };
}

/** An upload of this user (PATCH, HEAD, DELETE), or 404 for anyone else. */
export async function requireOwnUpload(ctx: ServiceContext, user: SessionUser, uploadId: string) {
  const upload = /^u[0-9a-f]{32}$/.test(uploadId) ? await transferRepo.findUpload(ctx.db, uploadId) : undefined;
  if (!upload || upload.user_id !== user.userId) throw new AppError('NotFound');
  return upload;
}

/** The upload's row goes (a cancelled upload): its user's place and the tenant's reservation are free again. */
export async function forgetUpload(ctx: ServiceContext, uploadId: string) {
  await transferRepo.deleteUpload(ctx.db, uploadId);
}

/** Bytes of an upload arrive: it is in progress, not abandoned (the open uploads of its user). */
export async function touchUpload(ctx: ServiceContext, uploadId: string) {
  await quotaRepo.touchUpload(ctx.db, uploadId, ctx.clock.now());
}

async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/** Drops a partial upload: its staged bytes and its row (e.g. after more bytes came than announced). */
export async function discardUpload(ctx: ServiceContext, store: DataStore, uploadId: string) {
  await store.remove(uploadId).catch(() => undefined);
  await transferRepo.deleteUpload(ctx.db, uploadId);
}

const readUpload = async (store: DataStore, id: string) => (await (store as FileStore).read(id)) as Readable;

class UploadRefused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/**
 * The last byte arrived: check the signature, copy the bytes into the storage driver under an
 * opaque key (sha-256 computed on the way), record the file or its next version, journal it.
 * A refused upload leaves nothing behind.
 */
export async function finishUpload(ctx: ServiceContext, store: DataStore, uploadId: string, language: string) {
  const upload = await transferRepo.findUpload(ctx.db, uploadId);
  if (!upload) throw new UploadRefused(new AppError('NotFound'));
  const refuse = async (error: AppError) => {
    await store.remove(uploadId).catch(() => undefined);
    await transferRepo.deleteUpload(ctx.db, uploadId);
    return new UploadRefused(error);
  };

  const kind = kindOfName(upload.file_name);
  const head = await readHead(await readUpload(store, uploadId), SIGNATURE_BYTES);
  const signature = kind ? await checkSignature(upload.file_name, head, kind) : ({ ok: false } as const);
  if (!signature.ok) throw await refuse(new AppError('UnsupportedMediaType', 'FILES.Errors.SignatureMismatch'));

  const key = newStorageKey();
  const stored = await ctx.storage.put(key, await readUpload(store, uploadId), { contentType: signature.contentType });
  if (stored.size !== upload.size) {
    await ctx.storage.delete(key);
    throw await refuse(new AppError('ValidationFailed', 'FILES.Errors.Incomplete'));
  }

  const now = ctx.clock.now();
  let reusedKey: string | null = null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Membership or states may have changed while the bytes travelled.
      const user = { userId: upload.user_id } as SessionUser;
      const userRow = await repo.findUploader(trx, upload.user_id);
      const access = await requireWritableUnit(
        { ...ctx, db: trx },
        {
          ...user,
          tenantId: userRow.tenant_id,
          isInternal: userRow.is_internal,
          isAdmin: userRow.is_admin,
        } as SessionUser,
        upload.project_unit_id,
      );

      const existing = await repo.findBlobBySha(trx, upload.tenant_id, stored.sha256, stored.size);
      if (existing) {
        reusedKey = existing.storage_key;
        await repo.touchBlob(trx, existing.storage_key);
      } else {
        await repo.insertBlob(trx, { storageKey: key, tenantId: upload.tenant_id, ...stored, now });
      }
      const nameKey = upload.file_name.toLowerCase();
      const existingFile = await repo.findFileByName(trx, upload.project_unit_id, nameKey);
      const fileName = existingFile?.name ?? upload.file_name;
      const file =
        existingFile ??
        (await repo.insertFile(trx, {
          tenantId: access.root.tenant_id,
          rootId: access.root.project_unit_id,
          unitId: upload.project_unit_id,
          name: upload.file_name,
          nameKey,
          now,
        }));
      await repo.lockFile(trx, file.project_file_id);
      const versionNo = await repo.nextVersionNo(trx, file.project_file_id);
      const version = await repo.insertVersion(trx, {
        fileId: file.project_file_id,
        versionNo,
        storageKey: reusedKey ?? key,
        ...stored,
        contentType: signature.contentType,
        uploadedBy: upload.user_id,
        now,
      });
      await transferRepo.completeUpload(trx, uploadId, version.project_file_version_id, now);
      // Converting the model for the viewer is queued with the version (background work, fair turns).
      if (kind === 'ifc') {
        await enqueueConversion(trx, {
          versionId: version.project_file_version_id,
          tenantId: access.root.tenant_id,
          userId: upload.user_id,
        });
      }
      await emitEvent(trx, {
        type: 'file.version.added',
        tenantId: access.root.tenant_id,
        rootProjectUnitId: access.root.project_unit_id,
        projectUnitId: upload.project_unit_id,
        actorUserId: upload.user_id,
        subject: { kind: 'file', id: file.project_file_id },
        data: { versionNo, versionId: version.project_file_version_id },
      });
      const t = journalTexts(language || userRow.language);
      await insertJournal(trx, {
        tenantId: access.root.tenant_id,
        rootId: access.root.project_unit_id,
        unitId: upload.project_unit_id,
        now,
        userId: upload.user_id,
        userEmail: userRow.login,
        content: {
          oldState: access.unit.state_key,
          newState: access.unit.state_key,
          additionalMessage: versionNo === 1 ? t.uploaded(fileName) : t.newVersion(fileName, versionNo),
        },
        delayed: false,
        rule: null,
      });
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    if (err instanceof AppError) throw await refuse(err);
    throw err;
  }
  if (reusedKey) await ctx.storage.delete(key);
  // An IFC model is converted for the viewer in the background (status on the version).
  if (kind === 'ifc') nudgeConversions(ctx);
}

const errorJson = (error: AppError): string => JSON.stringify(error.toBody() satisfies ErrorBody);

/** The tus server: the route has already checked the session, the CSRF header and the upload's owner. */
export function createTusServer(ctx: ServiceContext, store: DataStore): TusServer {
  const server = new TusServer({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Uploads come from the app's own pages only: no cross-origin answer (tus's default is `*`).
    allowedOrigins: () => false,
    maxSize: (req) => Number(req.headers.get(MAX_SIZE_HEADER)) || 1,
    namingFunction: (req) => {
      const id = req.headers.get(UPLOAD_ID_HEADER);
      if (!id) throw { status_code: 500, body: 'no upload id' };
      return id;
    },
    onUploadFinish: async (req, upload) => {
      try {
        await finishUpload(ctx, store, upload.id, req.headers.get(LANGUAGE_HEADER) ?? '');
        return {};
      } catch (err) {
        if (err instanceof UploadRefused) {
          throw { status_code: err.error.status, body: errorJson(err.error) };
        }
        ctx.log.error({ err, uploadId: upload.id }, 'upload could not be stored');
        throw { status_code: 500, body: errorJson(new AppError('Internal')) };
      }
    },
    onResponseError: async (req, err) => {
      // More bytes than announced (checked while they stream): the partial upload goes before the
      // answer does, so nothing is kept and nothing can be resumed.
      if (!(err instanceof Error) && err.status_code === 413 && req.method === 'PATCH') {
        const uploadId = new URL(req.url).pathname.split('/').pop() ?? '';
        await discardUpload(ctx, store, uploadId);
        return {
          status_code: 413,
          body: errorJson(new AppError('PayloadTooLarge', 'FILES.Errors.TooLarge')),
        };
      }
      if (err instanceof Error) {
        ctx.log.error({ err }, 'tus upload failed');
        return { status_code: 500, body: errorJson(new AppError('Internal')) };
      }
      if (err.body.startsWith('{')) return err;
      return {
        status_code: err.status_code,
        body: errorJson(new AppError('ValidationFailed', 'FILES.Errors.UploadFailed')),
      };
    },
  });
  // Staging space is freed once the bytes are in the storage driver.
  server.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
    void store.remove(upload.id).catch(() => undefined);
  });
  return server;
}
