import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { MAX_ATTEMPTS } from '../../platform/jobs/lease';
import * as repo from './conversion-repository';
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

  /** IFC versions written straight to the database, so no upload starts converting them. */
  async function waitingModels(w: ProjectWorld, userId: number, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const file = await w.db
        .insertInto('project_files')
        .values({
          tenant_id: w.root.tenant_id,
          root_project_unit_id: w.root.project_unit_id,
          project_unit_id: w.root.project_unit_id,
          name: `Turn ${i}.ifc`,
          name_key: `turn ${i}.ifc ${userId} ${Date.now()}`,
          created_at: new Date(),
        })
        .returning('project_file_id')
        .executeTakeFirstOrThrow();
      await w.db
        .insertInto('file_blobs')
        .values({
          storage_key: `missing/turn-${file.project_file_id}`,
          tenant_id: w.root.tenant_id,
          size: 10,
          sha256: `turn-${file.project_file_id}`,
          created_at: new Date(),
        })
        .execute();
      const version = await w.db
        .insertInto('project_file_versions')
        .values({
          project_file_id: file.project_file_id,
          version_no: 1,
          storage_key: `missing/turn-${file.project_file_id}`,
          size: 10,
          sha256: `turn-${file.project_file_id}`,
          content_type: 'application/x-step',
          uploaded_by: userId,
          created_at: new Date(),
        })
        .returning('project_file_version_id')
        .executeTakeFirstOrThrow();
      ids.push(version.project_file_version_id);
    }
    return ids;
  }

  it("takes waiting models in fair turns: another tenant's single model comes after one of a flood, not after all", async () => {
    const flood = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const single = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const floodIds = await waitingModels(flood, flood.external.user_id, 3);
    const otherUser = await waitingModels(flood, flood.planner.user_id, 1);
    const [singleId] = await waitingModels(single, single.external.user_id, 1);
    const order: number[] = [];
    for (let i = 0; i < 5; i++) {
      const next = await repo.claimNext(t.app.ctx.db);
      if (next) order.push(next.project_file_version_id);
    }
    // Tenants take turns, and within the flooding tenant its two users do.
    expect(order).toEqual([floodIds[0], singleId, otherUser[0], floodIds[1], floodIds[2]]);
    const rows = await flood.db
      .selectFrom('file_conversions')
      .select(['project_file_version_id', 'attempts', 'tenant_id'])
      .where('project_file_version_id', 'in', order)
      .execute();
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    await flood.db.deleteFrom('project_files').where('name', 'like', 'Turn %.ifc').execute();
  });

  it('a model whose conversion was interrupted too often is failed with its reason, not taken again', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const [id] = await waitingModels(w, w.external.user_id, 1);
    await w.db
      .insertInto('file_conversions')
      .values({
        project_file_version_id: id!,
        status: 'converting',
        attempts: MAX_ATTEMPTS,
        tenant_id: w.root.tenant_id,
        user_id: w.external.user_id,
        claimed_at: new Date(Date.now() - 10 * 60_000),
        updated_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();
    // Stale, but out of attempts: no claimer takes it.
    expect(await repo.claimNext(t.app.ctx.db)).toBeUndefined();
    expect(await repo.failAbandoned(t.app.ctx.db, new Date())).toEqual([id]);
    const row = await w.db
      .selectFrom('file_conversions')
      .select(['status', 'reason'])
      .where('project_file_version_id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', reason: 'VIEWER.Conversion.Failed.Interrupted' });
    await w.db.deleteFrom('project_files').where('name', 'like', 'Turn %.ifc').execute();
  });
});
