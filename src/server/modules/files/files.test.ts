import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { createUploadStore } from './upload';
import { createUpload, headUpload, ifcBytes, patchUpload, pdfBytes, uploadFile, useFilesApp } from './test-upload';

const t = useFilesApp();

const filesOf = (w: ProjectWorld, who: keyof ProjectWorld['cookies'], unitId: number) =>
  w.call(who, 'GET', `/api/file/${w.root.project_unit_id}/${unitId}`);

describe('project files: upload, versions, download, delete', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
  });

  it('uploads a file through tus and lists it with size, sha-256, uploader and version', async () => {
    const bytes = pdfBytes('erdgeschoss');
    const res = await uploadFile(w.call, 'member', w.lot.project_unit_id, 'Grundriss EG.pdf', bytes);
    expect(res.statusCode).toBe(204);
    const list = (await filesOf(w, 'member', w.lot.project_unit_id)).json();
    expect(list.canUpload).toBe(true);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      name: 'Grundriss EG.pdf',
      version: 1,
      size: bytes.length,
      contentType: 'application/pdf',
      uploadedBy: w.external.user_id,
      canDelete: true,
    });
    expect(list.data[0].versions[0].sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });

  it('the same name again is a new version; older versions stay downloadable', async () => {
    const v2 = pdfBytes('zweite fassung');
    expect((await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'grundriss eg.PDF', v2)).statusCode).toBe(204);
    const list = (await filesOf(w, 'member', w.lot.project_unit_id)).json();
    expect(list.data).toHaveLength(1);
    const file = list.data[0];
    expect(file.version).toBe(2);
    expect(file.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const url = `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}/${file.projectFileID}/content`;
    const newest = await w.call('member', 'GET', url);
    expect(newest.statusCode).toBe(200);
    expect(newest.rawPayload.equals(v2)).toBe(true);
    expect(newest.headers['content-disposition']).toContain("filename*=UTF-8''Grundriss%20EG.pdf");
    const old = await w.call('member', 'GET', `${url}?version=1`);
    expect(old.rawPayload.equals(pdfBytes('erdgeschoss'))).toBe(true);
    const ranged = await w.call('member', 'GET', url, undefined, { headers: { range: 'bytes=0-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('%PDF');
  });

  it('journals uploads and new versions', async () => {
    const rows = await w.db
      .selectFrom('project_unit_journal')
      .select('content_json')
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .orderBy('project_units_journal_id')
      .execute();
    const messages = rows.map((r) => r.content_json.additionalMessage);
    expect(messages).toContain('Datei hochgeladen: Grundriss EG.pdf');
    expect(messages).toContain('Neue Version 2 hochgeladen: Grundriss EG.pdf');
  });

  it('resumes an interrupted upload where it stopped', async () => {
    const bytes = Buffer.concat([ifcBytes(), Buffer.alloc(200_000, 0x20)]);
    const created = await createUpload(w.call, 'member', w.lot.project_unit_id, 'Modell.ifc', bytes.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect((await patchUpload(w.call, 'member', location, 0, bytes.subarray(0, 70_000))).statusCode).toBe(204);
    const head = await headUpload(w.call, 'member', location);
    expect(head.headers['upload-offset']).toBe('70000');
    // Someone else cannot see or continue it.
    expect((await headUpload(w.call, 'planner', location)).statusCode).toBe(404);
    expect((await patchUpload(w.call, 'planner', location, 70_000, bytes.subarray(70_000))).statusCode).toBe(404);
    const rest = await patchUpload(w.call, 'member', location, 70_000, bytes.subarray(70_000));
    expect(rest.statusCode).toBe(204);
    const list = (await filesOf(w, 'member', w.lot.project_unit_id)).json();
    const model = list.data.find((f: { name: string }) => f.name === 'Modell.ifc');
    expect(model.size).toBe(bytes.length);
  });

  it('deletes softly (uploader or internal), journals it, and the list no longer shows it', async () => {
    await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'Intern.pdf', pdfBytes('intern'));
    const list = (await filesOf(w, 'member', w.lot.project_unit_id)).json();
    const internal = list.data.find((f: { name: string }) => f.name === 'Intern.pdf');
    expect(internal.canDelete).toBe(false);
    const url = `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}/${internal.projectFileID}`;
    const refused = await w.call('member', 'DELETE', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0].message).toBe('FILES.Errors.DeleteNotAllowed');
    expect((await w.call('planner', 'DELETE', url)).statusCode).toBe(204);
    const after = (await filesOf(w, 'member', w.lot.project_unit_id)).json();
    expect(after.data.map((f: { name: string }) => f.name)).not.toContain('Intern.pdf');
    const row = await w.db
      .selectFrom('project_files')
      .select('deleted_at')
      .where('project_file_id', '=', internal.projectFileID)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('project files: bad input changes nothing', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
  });
  const count = async () =>
    (
      await w.db
        .selectFrom('project_files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('root_project_unit_id', '=', w.root.project_unit_id)
        .executeTakeFirstOrThrow()
    ).n;

  it.each([
    ['a type the tenant does not allow', 'tool.exe', 415, 'FILES.Errors.TypeNotAllowed'],
    ['a name without an extension', 'README', 415, 'FILES.Errors.TypeNotAllowed'],
    ['a name of only dots', '....', 400, 'FILES.Errors.InvalidName'],
    ['a name of control characters', '\u0001\u0002\u0003', 400, 'FILES.Errors.InvalidName'],
  ])('refuses %s before any byte', async (_label, name, status, message) => {
    const res = await createUpload(w.call, 'member', w.lot.project_unit_id, name, 100);
    expect(res.statusCode).toBe(status);
    expect(res.json().messages[0].message).toBe(message);
    expect(Number(await count())).toBe(0);
  });

  it('refuses a file whose bytes do not match its name, and keeps nothing', async () => {
    const res = await uploadFile(w.call, 'member', w.lot.project_unit_id, 'plan.pdf', ifcBytes());
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).messages[0].message).toBe('FILES.Errors.SignatureMismatch');
    expect(Number(await count())).toBe(0);
    const uploads = await w.db
      .selectFrom('file_uploads')
      .select('upload_id')
      .where('user_id', '=', w.external.user_id)
      .execute();
    expect(uploads).toHaveLength(0);
  });

  it('refuses a file over the tenant size limit', async () => {
    await w.db
      .insertInto('tenant_file_policies')
      .values({ tenant_id: w.tenant.tenant_id, allowed_kinds: ['pdf', 'ifc'], max_file_size_bytes: 1000 })
      .execute();
    const res = await createUpload(w.call, 'member', w.lot.project_unit_id, 'gross.pdf', 1001);
    expect(res.statusCode).toBe(413);
    expect(res.json().messages[0].message).toBe('FILES.Errors.TooLarge');
    const png = await createUpload(w.call, 'member', w.lot.project_unit_id, 'foto.png', 10);
    expect(png.statusCode).toBe(415);
    // More bytes than announced are never accepted.
    const created = await createUpload(w.call, 'member', w.lot.project_unit_id, 'klein.pdf', 50);
    const over = await patchUpload(w.call, 'member', String(created.headers.location), 0, pdfBytes('x'.repeat(100)));
    expect(over.statusCode).toBe(413);
    expect(over.json().messages[0].message).toBe('FILES.Errors.TooLarge');
    expect(Number(await count())).toBe(0);
    // The partial upload is gone: it cannot be resumed, and no row or staged bytes remain.
    expect((await headUpload(w.call, 'member', String(created.headers.location))).statusCode).toBe(404);
    const uploadId = String(created.headers.location).split('/').pop()!;
    expect(
      await w.db.selectFrom('file_uploads').where('upload_id', '=', uploadId).select('upload_id').execute(),
    ).toEqual([]);
    expect(
      await createUploadStore(t.app.ctx)
        .getUpload(uploadId)
        .catch(() => null),
    ).toBeNull();
    await w.db.deleteFrom('tenant_file_policies').where('tenant_id', '=', w.tenant.tenant_id).execute();
  });

  it('refuses an upload without the CSRF header', async () => {
    // The member's session cookie alone, on purpose.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/uploads',
      headers: { cookie: w.cookies.member, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an upload without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/uploads',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('project files: the upload rule', () => {
  it('locks Finalized units for external members, Closed roots for everybody', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Finalized' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    const member = await uploadFile(w.call, 'member', w.lot.project_unit_id, 'a.pdf', pdfBytes());
    expect(member.statusCode).toBe(403);
    expect(member.json().messages[0].message).toBe('FILES.Errors.UploadNotAllowed');
    expect((await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'a.pdf', pdfBytes())).statusCode).toBe(204);
    expect((await filesOf(w, 'member', w.lot.project_unit_id)).json().canUpload).toBe(false);

    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Closed' })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    expect((await uploadFile(w.call, 'planner', w.sub.project_unit_id, 'b.pdf', pdfBytes())).statusCode).toBe(403);
    const list = (await filesOf(w, 'planner', w.lot.project_unit_id)).json();
    expect(list.canUpload).toBe(false);
    expect(list.data[0].canDelete).toBe(false);
  });

  it('takes no files on aac_elements and lintel units', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles', variant: 'aac_elements' });
    expect((await uploadFile(w.call, 'planner', w.sub.project_unit_id, 'a.pdf', pdfBytes())).statusCode).toBe(403);
  });
});
