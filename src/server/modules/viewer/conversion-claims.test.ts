import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { LEASE_SECONDS, MAX_ATTEMPTS } from '../../platform/jobs/lease';
import { claimWork, releaseWork } from '../../platform/jobs/work-items';
import { newStorageKey } from '../../platform/storage/storage';
import { CONVERSION_KIND, enqueueMissingConversions, type ConversionPayload } from '../conversions/queue-repository';
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

  /** The work item of a version's conversion (kind viewer.convert-ifc). */
  const workOf = (w: ProjectWorld, id: number) =>
    w.db
      .selectFrom('work_items')
      .selectAll()
      .where('kind', '=', CONVERSION_KIND)
      .where('dedupe_key', '=', `v${id}`)
      .orderBy('work_id', 'desc')
      .executeTakeFirstOrThrow();

  it('leaves a claim another process renews alone, and any instance takes it over once its lease ran out', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const [id] = await waitingModels(w, w.external.user_id, 1, another('lease'));
    await enqueueMissingConversions(w.db);
    const work = await workOf(w, id!);
    expect(work).toMatchObject({ status: 'waiting', tenant_id: w.root.tenant_id, user_id: w.external.user_id });
    // Another process claimed it and renews its lease.
    await w.db
      .updateTable('work_items')
      .set({
        status: 'running',
        claimed_by: 'other-process',
        attempts: 1,
        claimed_at: sql`now()`,
        renewed_at: sql`now()`,
      })
      .where('work_id', '=', work.work_id)
      .execute();
    await kickConversions(t.app.ctx);
    expect(await statusOf(w, id!)).toBeUndefined();
    // That process died (kill -9): no renewal for longer than the lease.
    await w.db
      .updateTable('work_items')
      .set({ renewed_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
      .where('work_id', '=', work.work_id)
      .execute();
    await convertSettled(t.app.ctx, [id!]);
    expect(await statusOf(w, id!)).toBe('ready');
    expect(await workOf(w, id!)).toMatchObject({ status: 'done', attempts: 2 });
  }, 120_000);

  it('an instance that stops gives its running conversion back, and another one converts it', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const other = await createTestApp();
    let id = 0;
    try {
      const bytes = another('stop');
      // Uploaded through the other instance, with the member's session.
      const onOther = callAs(other, w.cookies);
      expect((await uploadFile(onOther, 'member', w.root.project_unit_id, 'Haus.ifc', bytes)).statusCode).toBe(204);
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
  async function waitingModels(w: ProjectWorld, userId: number, count: number, bytes?: Buffer): Promise<number[]> {
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
      const key = newStorageKey();
      const sha256 = crypto
        .createHash('sha256')
        .update(bytes ?? key)
        .digest('hex');
      await w.db
        .insertInto('file_blobs')
        .values({
          storage_key: key,
          tenant_id: w.root.tenant_id,
          size: 10,
          sha256,
          created_at: new Date(),
        })
        .execute();
      const version = await w.db
        .insertInto('project_file_versions')
        .values({
          project_file_id: file.project_file_id,
          version_no: 1,
          storage_key: key,
          size: 10,
          sha256,
          content_type: 'application/x-step',
          uploaded_by: userId,
          created_at: new Date(),
        })
        .returning('project_file_version_id')
        .executeTakeFirstOrThrow();
      if (bytes) await t.app.ctx.storage.put(key, Readable.from([bytes]));
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
    await enqueueMissingConversions(flood.db);
    const mine = new Set([...floodIds, ...otherUser, singleId!]);
    // Claimed as another instance would (other test files' models on the same database are given back).
    const order: number[] = [];
    for (let i = 0; i < 40 && order.length < 5; i++) {
      const next = await claimWork(flood.db, CONVERSION_KIND, 'fairness-test');
      if (!next) break;
      const versionId = (next.payload as ConversionPayload).versionId;
      if (mine.has(versionId)) order.push(versionId);
      else await releaseWork(flood.db, 'fairness-test', next.workId);
    }
    // Tenants take turns, and within the flooding tenant its two users do.
    expect(order).toEqual([floodIds[0], singleId, otherUser[0], floodIds[1], floodIds[2]]);
    const rows = await flood.db
      .selectFrom('work_items')
      .select(['attempts', 'tenant_id', 'user_id'])
      .where('kind', '=', CONVERSION_KIND)
      .where(
        'dedupe_key',
        'in',
        order.map((id) => `v${id}`),
      )
      .execute();
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    await flood.db
      .deleteFrom('work_items')
      .where(
        'dedupe_key',
        'in',
        order.map((id) => `v${id}`),
      )
      .execute();
    await flood.db.deleteFrom('project_files').where('name', 'like', 'Turn %.ifc').execute();
  });

  it('a model whose conversion was interrupted too often is failed with its reason, not taken again', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const [id] = await waitingModels(w, w.external.user_id, 1);
    await enqueueMissingConversions(w.db);
    const work = await workOf(w, id!);
    // Its claimer died on the last attempt, like each one before.
    await w.db
      .updateTable('work_items')
      .set({
        status: 'running',
        claimed_by: 'dead',
        attempts: MAX_ATTEMPTS,
        max_attempts: MAX_ATTEMPTS,
        claimed_at: sql`now()`,
        renewed_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})`,
      })
      .where('work_id', '=', work.work_id)
      .execute();
    // Stale, but out of attempts: no claimer takes it; the queue's look for abandoned work fails it.
    expect(await claimWork(w.db, CONVERSION_KIND, 'third', MAX_ATTEMPTS).then((c) => c?.workId === work.work_id)).toBe(
      false,
    );
    await t.app.ctx.work.drain();
    expect(await workOf(w, id!)).toMatchObject({ status: 'failed', last_error: 'interrupted' });
    const row = await w.db
      .selectFrom('file_conversions')
      .select(['status', 'reason'])
      .where('project_file_version_id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', reason: 'VIEWER.Conversion.Failed.Interrupted' });
    await w.db.deleteFrom('project_files').where('name', 'like', 'Turn %.ifc').execute();
  });
});
