import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { newStorageKey } from '../../platform/storage/storage';
import { createProjectWorld } from '../projects/test-world';
import { useFilesApp } from './test-upload';

const t = useFilesApp();
const MB = 1024 * 1024;

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

/** A zip download streams over a real socket with bounded memory, whatever the size of the selection. */
describe('project files: a large zip download', () => {
  it('streams 200 MB without growing the server process by more than about 100 MB', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const fileIds: number[] = [];
    for (const [i, name] of ['Plan.pdf', 'Daten.bin'].entries()) {
      const key = newStorageKey();
      const stored = await t.app.ctx.storage.put(key, zeros(100 * MB));
      const now = new Date();
      await w.db
        .insertInto('file_blobs')
        .values({
          storage_key: key,
          tenant_id: w.tenant.tenant_id,
          size: stored.size,
          sha256: stored.sha256,
          created_at: now,
        })
        .execute();
      const file = await w.db
        .insertInto('project_files')
        .values({
          tenant_id: w.tenant.tenant_id,
          root_project_unit_id: w.root.project_unit_id,
          project_unit_id: w.lot.project_unit_id,
          name,
          name_key: name.toLowerCase(),
          created_at: now,
        })
        .returning('project_file_id')
        .executeTakeFirstOrThrow();
      await w.db
        .insertInto('project_file_versions')
        .values({
          project_file_id: file.project_file_id,
          version_no: 1,
          storage_key: key,
          size: stored.size,
          sha256: stored.sha256,
          content_type: i === 0 ? 'application/pdf' : 'application/octet-stream',
          uploaded_by: null,
          created_at: now,
        })
        .execute();
      fileIds.push(file.project_file_id);
    }
    const prepared = await w.call(
      'member',
      'POST',
      `/api/file/projectFiles/${w.root.project_unit_id}`,
      fileIds.map((fileID) => ({ projectUnitID: w.lot.project_unit_id, fileID })),
    );
    expect(prepared.statusCode).toBe(200);
    const { downloadID } = prepared.json();

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 20);
    const res = await fetch(`${base}/api/file/projectFiles/download/${downloadID}`, {
      headers: { cookie: w.cookies.member },
    });
    expect(res.status).toBe(200);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    clearInterval(sampler);
    // The PDF is stored as it is (100 MB), the zeros deflate to almost nothing.
    expect(bytes).toBeGreaterThan(100 * MB);
    expect(bytes).toBeLessThan(110 * MB);
    expect((rssMax - rssBefore) / MB).toBeLessThan(100);
  }, 120_000);
});
