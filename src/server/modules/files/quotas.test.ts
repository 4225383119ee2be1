import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { localFilesRoot } from '../../platform/storage/create-storage';
import type { Call } from '../../test/actors';
import { createTestApp, sharedTestDataDir } from '../../test/app';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { createUpload, headUpload, patchUpload, pdfBytes } from './test-upload';

// Small quotas so a few bytes reach them; a fixed clock keeps the per-minute window still. It stands
// at the real time (30 s into the current minute): test files share one database on PostgreSQL, and
// another file's purge at the real time removes uploads begun more than a day before it.
const MB = 1024 * 1024;
const quotas = { tenantBytes: 10 * MB, tenantFiles: 1_000, openUploadsPerUser: 3, uploadsPerMinute: 8 };
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({
    clock: createManualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000)),
    config: { dataDir: sharedTestDataDir(), quotas },
  });
});
afterAll(async () => {
  await app.close();
});

const usageUrl = '/api/data/portal/file-policy/usage';
/** A PDF of exactly `size` bytes. */
const pdfOfSize = (size: number) => {
  const head = pdfBytes('q');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};
const uploadsOf = (w: ProjectWorld, userId: number) =>
  w.db.selectFrom('file_uploads').select(['upload_id', 'size']).where('user_id', '=', userId).execute();
const stagingDir = () => path.join(path.dirname(localFilesRoot(app.ctx.config)), 'uploads');
/**
 * Uploads staged by tus (in the staging folder every test process of the run shares) whose
 * metadata names `name`: a name of this test's own, as other files upload at the same time.
 */
const stagedNamed = (name: string) =>
  (fs.existsSync(stagingDir()) ? fs.readdirSync(stagingDir()) : []).filter((f) => {
    if (!/^u[0-9a-f]{32}\.json$/.test(f)) return false;
    try {
      return JSON.parse(fs.readFileSync(path.join(stagingDir(), f), 'utf8')).metadata?.filename === name;
    } catch {
      return false; // taken away meanwhile
    }
  });
const deleteUpload = <K extends string>(call: Call<K>, who: K, location: string) =>
  call(who, 'DELETE', location, undefined, { headers: { 'tus-resumable': '1.0.0' } });

describe('tenant storage quota', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(app, { state: 'ProvideFiles' });
  });

  it('counts announced uploads: a second one that would pass the quota is refused at creation, before any byte', async () => {
    const first = await createUpload(w.call, 'member', w.lot.project_unit_id, 'eins.pdf', 6 * MB);
    expect(first.statusCode).toBe(201);
    expect((await w.call('admin', 'GET', usageUrl)).json()).toEqual({
      storedBytes: 0,
      storedFiles: 0,
      pendingBytes: 6 * MB,
      pendingUploads: 1,
      quotaBytes: 10 * MB,
      quotaFiles: 1_000,
    });

    const refusedName = `zwei-${w.tenant.tenant_id}.pdf`;
    const second = await createUpload(w.call, 'planner', w.lot.project_unit_id, refusedName, 6 * MB);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({ status: 413, code: 'PayloadTooLarge' });
    expect(second.json().messages[0]).toMatchObject({
      message: 'FILES.Errors.QuotaExceeded',
      params: { free: 4, size: 6, quota: 10 },
    });
    expect(second.headers.location).toBeUndefined();
    // Nothing half-stored: no row of the refused upload, no staging file without one.
    expect(await uploadsOf(w, w.planner.user_id)).toEqual([]);
    expect(stagedNamed(refusedName)).toEqual([]);
    expect((await w.call('admin', 'GET', usageUrl)).json()).toMatchObject({ pendingBytes: 6 * MB, pendingUploads: 1 });

    // The bytes of the first arrive: stored instead of pending, and the room left is the same.
    const done = await patchUpload(w.call, 'member', String(first.headers.location), 0, pdfOfSize(6 * MB));
    expect(done.statusCode).toBe(204);
    expect((await w.call('admin', 'GET', usageUrl)).json()).toMatchObject({
      storedBytes: 6 * MB,
      storedFiles: 1,
      pendingBytes: 0,
      pendingUploads: 0,
    });
    expect((await createUpload(w.call, 'planner', w.lot.project_unit_id, 'drei.pdf', 4 * MB + 1)).statusCode).toBe(413);
    const fits = await createUpload(w.call, 'planner', w.lot.project_unit_id, 'drei.pdf', 4 * MB);
    expect(fits.statusCode).toBe(201);
    // A cancelled upload gives its reservation back.
    expect((await deleteUpload(w.call, 'planner', String(fits.headers.location))).statusCode).toBe(204);
    expect((await w.call('admin', 'GET', usageUrl)).json()).toMatchObject({ storedBytes: 6 * MB, pendingBytes: 0 });
  });

  it('is per tenant: another tenant stores as much as its own quota allows', async () => {
    const foreign = await createProjectWorld(app, { state: 'ProvideFiles' });
    expect((await foreign.call('admin', 'GET', usageUrl)).json()).toMatchObject({ storedBytes: 0, pendingBytes: 0 });
    const res = await createUpload(foreign.call, 'member', foreign.lot.project_unit_id, 'plan.pdf', 9 * MB);
    expect(res.statusCode).toBe(201);
  });

  it('lets only one of two uploads at once take the last space', async () => {
    const other = await createProjectWorld(app, { state: 'ProvideFiles' });
    const both = await Promise.all(
      (['member', 'planner'] as const).map((who) =>
        createUpload(other.call, who, other.lot.project_unit_id, `${who}.pdf`, 6 * MB),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect((await other.call('admin', 'GET', usageUrl)).json()).toMatchObject({
      pendingBytes: 6 * MB,
      pendingUploads: 1,
    });
  });

  it("follows the tenant's own quota over the server's default, in bytes and in files", async () => {
    await w.db
      .updateTable('tenant_storage_usage')
      .set({ quota_bytes: 100 * MB, quota_files: 2 })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    const usage = (await w.call('admin', 'GET', usageUrl)).json();
    expect(usage).toMatchObject({ quotaBytes: 100 * MB, quotaFiles: 2, storedFiles: 1 });
    const second = await createUpload(w.call, 'internal', w.lot.project_unit_id, 'b.pdf', 20 * MB);
    expect(second.statusCode).toBe(201);
    const third = await createUpload(w.call, 'internal', w.lot.project_unit_id, 'c.pdf', 10);
    expect(third.statusCode).toBe(413);
    expect(third.json().messages[0]).toMatchObject({ message: 'FILES.Errors.FileQuotaExceeded', params: { quota: 2 } });
  });

  it('shows the usage to the tenant admin only', async () => {
    for (const who of ['planner', 'internal', 'member', 'outsider'] as const) {
      const res = await w.call(who, 'GET', usageUrl);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NotAllowed');
    }
    expect((await w.call('foreignAdmin', 'GET', usageUrl)).json()).toMatchObject({ storedBytes: 0, storedFiles: 0 });
    expect((await w.call('admin', 'GET', '/api/data/other/file-policy/usage')).statusCode).toBe(404);
  });
});

describe('per user: open uploads and upload rate', () => {
  it('refuses a fourth open upload with 429; a cancelled or idle one frees its place', async () => {
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const created = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      const res = await createUpload(w.call, 'member', w.lot.project_unit_id, name, 100);
      expect(res.statusCode).toBe(201);
      created.push(String(res.headers.location));
    }
    const refused = await createUpload(w.call, 'member', w.lot.project_unit_id, 'd.pdf', 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: 'TooManyAttempts' });
    expect(refused.json().messages[0]).toMatchObject({
      message: 'FILES.Errors.TooManyOpenUploads',
      params: { max: 3 },
    });
    expect(await uploadsOf(w, w.external.user_id)).toHaveLength(3);
    // Another user of the same tenant is not held up by it.
    expect((await createUpload(w.call, 'planner', w.lot.project_unit_id, 'p.pdf', 100)).statusCode).toBe(201);

    expect((await deleteUpload(w.call, 'member', created[0]!)).statusCode).toBe(204);
    const fourth = await createUpload(w.call, 'member', w.lot.project_unit_id, 'd.pdf', 100);
    expect(fourth.statusCode).toBe(201);
    expect((await createUpload(w.call, 'member', w.lot.project_unit_id, 'e.pdf', 100)).statusCode).toBe(429);

    // An upload whose bytes stopped arriving an hour ago no longer holds a place.
    const idleId = created[1]!.split('/').pop()!;
    await w.db
      .updateTable('file_uploads')
      .set({ touched_at: new Date(app.ctx.clock.now().getTime() - 61 * 60 * 1000) })
      .where('upload_id', '=', idleId)
      .execute();
    expect((await createUpload(w.call, 'member', w.lot.project_unit_id, 'e.pdf', 100)).statusCode).toBe(201);
    // Bytes arriving mark an upload as in progress again.
    const patched = await patchUpload(w.call, 'member', created[1]!, 0, pdfBytes().subarray(0, 10));
    expect(patched.statusCode).toBe(204);
    expect((await createUpload(w.call, 'member', w.lot.project_unit_id, 'f.pdf', 100)).statusCode).toBe(429);
  });

  it('a finished upload stays finished when its file is purged: neither announced again nor open', async () => {
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const done = await createUpload(w.call, 'member', w.lot.project_unit_id, 'fertig.pdf', 1_000);
    expect((await patchUpload(w.call, 'member', String(done.headers.location), 0, pdfOfSize(1_000))).statusCode).toBe(
      204,
    );
    // The nightly purge hard-deletes a deleted file with its versions.
    await w.db.deleteFrom('project_files').where('project_unit_id', '=', w.lot.project_unit_id).execute();
    expect((await w.call('admin', 'GET', usageUrl)).json()).toMatchObject({ pendingBytes: 0, pendingUploads: 0 });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      expect((await createUpload(w.call, 'member', w.lot.project_unit_id, name, 100)).statusCode).toBe(201);
    }
  });

  it('refuses more than the uploads per minute with 429 and the wait', async () => {
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    for (let i = 0; i < quotas.uploadsPerMinute; i++) {
      const res = await createUpload(w.call, 'planner', w.lot.project_unit_id, `r${i}.pdf`, 100);
      expect(res.statusCode, `upload ${i}`).toBe(201);
      expect((await deleteUpload(w.call, 'planner', String(res.headers.location))).statusCode).toBe(204);
    }
    const refused = await createUpload(w.call, 'planner', w.lot.project_unit_id, 'zuviel.pdf', 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messages[0]).toMatchObject({ message: 'ERRORMESSAGES.TooManyAttemptsSeconds' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await uploadsOf(w, w.planner.user_id)).toEqual([]);
    // Per user: the member of the same project still uploads.
    expect((await createUpload(w.call, 'member', w.lot.project_unit_id, 'm.pdf', 100)).statusCode).toBe(201);
  });
});

describe('tus answers', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(app, { state: 'ProvideFiles' });
  });

  it('refuses concatenation (parallel parts) with 400 in the error shape and stores nothing', async () => {
    for (const concat of ['partial', 'final;/api/file/uploads/u1 /api/file/uploads/u2']) {
      const res = await w.call('member', 'POST', '/api/file/uploads', undefined, {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '100',
          'upload-concat': concat,
          'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},unitId ${Buffer.from(String(w.lot.project_unit_id)).toString('base64')}`,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'ValidationFailed',
        messages: [{ message: 'FILES.Errors.ConcatenationNotSupported' }],
      });
    }
    expect(await uploadsOf(w, w.external.user_id)).toEqual([]);
  });

  it('refuse headers tus cannot read in the error shape, before anything is kept', async () => {
    const res = await w.call('member', 'POST', '/api/file/uploads', undefined, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        // Readable for the checks before tus, but no base64 value for tus.
        'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},unitId ${Buffer.from(String(w.lot.project_unit_id)).toString('base64')},note %%%`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'ValidationFailed',
      messages: [{ message: 'FILES.Errors.InvalidUploadRequest' }],
    });
    expect(await uploadsOf(w, w.external.user_id)).toEqual([]);
    expect((await w.call('admin', 'GET', usageUrl)).json()).toMatchObject({ pendingBytes: 0, pendingUploads: 0 });

    const created = await createUpload(w.call, 'member', w.lot.project_unit_id, 'ok.pdf', 100);
    expect(created.statusCode).toBe(201);
    const badPatch = await w.call('member', 'PATCH', String(created.headers.location), 'x', {
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'text/plain' },
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().messages[0].message).toBe('FILES.Errors.InvalidUploadRequest');
    expect(badPatch.headers['content-security-policy']).toBeDefined();
  });

  it('carry the security headers of every answer and no cross-origin permission', async () => {
    const origin = { origin: 'https://evil.example' };
    const created = await w.call('member', 'POST', '/api/file/uploads', undefined, {
      headers: {
        ...origin,
        'tus-resumable': '1.0.0',
        'upload-length': '200',
        'upload-metadata': `filename ${Buffer.from('h.pdf').toString('base64')},unitId ${Buffer.from(String(w.lot.project_unit_id)).toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const patched = await w.call('member', 'PATCH', location, pdfBytes().subarray(0, 20), {
      headers: {
        ...origin,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(patched.statusCode).toBe(204);
    const head = await headUpload(w.call, 'member', location);
    expect(head.statusCode).toBe(200);
    const refused = await w.call('member', 'PATCH', location, Buffer.from('x'), {
      headers: { ...origin, 'tus-resumable': '1.0.0', 'upload-offset': '3' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    for (const res of [created, patched, head, refused]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});
