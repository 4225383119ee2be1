import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newStorageKey } from '../../platform/storage/storage';
import * as repo from './repository';
import type { createProjectWorld } from '../projects/test-world';

export const MB = 1024 * 1024;

/** `total` zero bytes, produced lazily so the test itself holds no large buffer. */
function zeros(total: number): Readable {
  const chunk = Buffer.alloc(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const part = chunk.subarray(0, Math.min(MB, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/**
 * Large files of `sizeMb` zero bytes on the world's approval lot, stored directly (an upload of
 * this size would only slow the test down), and a prepared zip download of them: its id.
 */
export async function largeDownload(
  app: FastifyInstance,
  w: Awaited<ReturnType<typeof createProjectWorld>>,
  files: { name: string; sizeMb: number; contentType: string }[],
): Promise<string> {
  const fileIds: number[] = [];
  for (const { name, sizeMb, contentType } of files) {
    const key = newStorageKey();
    const stored = await app.ctx.storage.put(key, zeros(sizeMb * MB));
    const now = new Date();
    const tenantId = w.tenant.tenant_id;
    await repo.insertBlob(w.db, { storageKey: key, tenantId, size: stored.size, sha256: stored.sha256, now });
    const file = await repo.insertFile(w.db, {
      tenantId,
      rootId: w.root.project_unit_id,
      unitId: w.lot.project_unit_id,
      name,
      nameKey: name.toLowerCase(),
      now,
    });
    await repo.insertVersion(w.db, {
      fileId: file.project_file_id,
      versionNo: 1,
      storageKey: key,
      size: stored.size,
      sha256: stored.sha256,
      contentType,
      uploadedBy: null,
      now,
    });
    fileIds.push(file.project_file_id);
  }
  const prepared = await w.call(
    'member',
    'POST',
    `/api/file/projectFiles/${w.root.project_unit_id}`,
    fileIds.map((fileID) => ({ projectUnitID: w.lot.project_unit_id, fileID })),
  );
  expect(prepared.statusCode).toBe(200);
  return (prepared.json() as { downloadID: string }).downloadID;
}
