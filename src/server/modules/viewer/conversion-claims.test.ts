import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { kickConversions } from './conversion-service';
import { convertSettled } from './test-conversions';

const fzk = fs.readFileSync(path.join(import.meta.dirname, '../../seed/fixtures/AC20-FZK-Haus.ifc'));
/** The same model with other bytes, so it is really converted again (fragments are kept by hash). */
const another = (label: string) => Buffer.concat([fzk, Buffer.from(`\n/* ${label} ${Date.now()} */\n`)]);

/** Claims of model conversions: left alone while live, taken over when stale, given back on stop. */
describe('conversion claims', () => {
  const t = useFilesApp();

  async function newestVersion(w: ProjectWorld): Promise<number> {
    const row = await w.db
      .selectFrom('project_file_versions as v')
      .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
      .select('v.project_file_version_id')
      .where('f.project_unit_id', '=', w.root.project_unit_id)
      .orderBy('v.project_file_version_id', 'desc')
      .executeTakeFirstOrThrow();
    return row.project_file_version_id;
  }

  const statusOf = async (w: ProjectWorld, id: number) =>
    (
      await w.db
        .selectFrom('file_conversions')
        .select('status')
        .where('project_file_version_id', '=', id)
        .executeTakeFirst()
    )?.status;

  const claim = (w: ProjectWorld, id: number, at: Date) =>
    w.db
      .updateTable('file_conversions')
      .set({ status: 'converting', updated_at: at, fragments_key: null })
      .where('project_file_version_id', '=', id)
      .execute();

  it('leaves a claim another process renews alone and takes over one that went stale', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    expect((await uploadFile(t.app, w.cookies.member, w.root.project_unit_id, 'Haus.ifc', fzk)).statusCode).toBe(204);
    const id = await newestVersion(w);
    await convertSettled(t.app.ctx, [id]);

    await claim(w, id, new Date());
    await kickConversions(t.app.ctx);
    expect(await statusOf(w, id)).toBe('converting');

    await claim(w, id, new Date(Date.now() - 10 * 60_000));
    await kickConversions(t.app.ctx);
    expect(await statusOf(w, id)).toBe('ready');
  }, 120_000);

  it('an instance that stops gives its running conversion back, and another one converts it', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const other = await createTestApp();
    let id = 0;
    try {
      const bytes = another('stop');
      expect((await uploadFile(other, w.cookies.member, w.root.project_unit_id, 'Haus.ifc', bytes)).statusCode).toBe(
        204,
      );
      id = await newestVersion(w);
      // The uploading instance claimed it at once and is converting.
      const until = Date.now() + 10_000;
      while ((await statusOf(w, id)) !== 'converting' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      expect(await statusOf(w, id)).toBe('converting');
    } finally {
      await other.close();
    }
    expect(await statusOf(w, id)).toBeUndefined();
    await convertSettled(t.app.ctx, [id]);
    expect(await statusOf(w, id)).toBe('ready');
  }, 120_000);
});
