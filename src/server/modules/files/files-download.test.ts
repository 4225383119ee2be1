import { beforeAll, describe, expect, it } from 'vitest';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { purgeFiles } from './purge-job';
import { createUploadStore } from './upload';
import { createUpload, headUpload, ifcBytes, patchUpload, pdfBytes, uploadFile, useFilesApp } from './test-upload';
import { present } from '../../../shared/present';

const t = useFilesApp();

const filesOf = (w: ProjectWorld, who: keyof ProjectWorld['cookies'], unitId: number) =>
  w.call(who, 'GET', `/api/file/${w.root.project_unit_id}/${unitId}`);

describe('project files: selected files as one zip', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await uploadFile(w.call, 'member', w.lot.project_unit_id, 'Plan.pdf', pdfBytes('lot'));
    await uploadFile(w.call, 'member', w.sub.project_unit_id, 'Plan.pdf', pdfBytes('sub'));
    await uploadFile(w.call, 'member', w.sub.project_unit_id, 'Modell.ifc', ifcBytes());
  });

  it('lists the tree of units with their files and sizes', async () => {
    const tree = (await w.call('member', 'GET', `/api/file/projectFiles/${w.root.project_unit_id}`)).json();
    expect(tree.projectUnitID).toBe(w.root.project_unit_id);
    const sub = tree.children[0];
    expect(sub.files.map((f: { name: string }) => f.name)).toEqual(['Modell.ifc', 'Plan.pdf']);
    expect(sub.children[0].files[0]).toMatchObject({ name: 'Plan.pdf', size: pdfBytes('lot').length, selected: false });
  });

  it('builds the zip for the requester only, with unit folders', async () => {
    const tree = (await w.call('member', 'GET', `/api/file/projectFiles/${w.root.project_unit_id}`)).json();
    const sub = tree.children[0];
    const lot = sub.children[0];
    const selection = [
      ...sub.files.map((f: { projectFileID: number }) => ({
        projectUnitID: sub.projectUnitID,
        fileID: f.projectFileID,
      })),
      { projectUnitID: lot.projectUnitID, fileID: lot.files[0].projectFileID },
    ];
    const created = await w.call('member', 'POST', `/api/file/projectFiles/${w.root.project_unit_id}`, selection);
    expect(created.statusCode).toBe(200);
    const { downloadID, fileCount } = created.json();
    expect(fileCount).toBe(3);
    const zip = await w.call('member', 'GET', `/api/file/projectFiles/download/${downloadID}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const { listZipEntries } = await import('./zip-reader.test-helper');
    const entries = await listZipEntries(zip.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        `${w.sub.project_unit_no} - Haus A/Modell.ifc`,
        `${w.sub.project_unit_no} - Haus A/Plan.pdf`,
        `${w.lot.project_unit_no} - EG/Plan.pdf`,
      ].sort(),
    );
    expect(entries.find((e) => e.name.endsWith('Modell.ifc'))?.data.equals(ifcBytes())).toBe(true);

    const other = await w.call('planner', 'GET', `/api/file/projectFiles/download/${downloadID}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().messages[0].message).toBe('FILES.Errors.DownloadNotFound');
  });

  it('refuses a selection with a file of another project', async () => {
    const x = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await uploadFile(x.call, 'member', x.lot.project_unit_id, 'Fremd.pdf', pdfBytes('fremd'));
    const foreign = (await filesOf(x, 'member', x.lot.project_unit_id)).json().data[0];
    const res = await w.call('member', 'POST', `/api/file/projectFiles/${w.root.project_unit_id}`, [
      { projectUnitID: x.lot.project_unit_id, fileID: foreign.projectFileID },
    ]);
    expect(res.statusCode).toBe(404);
  });

  it('expires after 24 hours', async () => {
    const tree = (await w.call('member', 'GET', `/api/file/projectFiles/${w.root.project_unit_id}`)).json();
    const sub = tree.children[0];
    const { downloadID } = (
      await w.call('member', 'POST', `/api/file/projectFiles/${w.root.project_unit_id}`, [
        { projectUnitID: sub.projectUnitID, fileID: sub.files[0].projectFileID },
      ])
    ).json();
    await w.db
      .updateTable('file_downloads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('download_id', '=', downloadID)
      .execute();
    expect((await w.call('member', 'GET', `/api/file/projectFiles/download/${downloadID}`)).statusCode).toBe(404);
  });
});

describe('project files: access matrix', () => {
  let w: ProjectWorld;
  let fileId: number;
  let location: string;
  let downloadId: string;
  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await uploadFile(w.call, 'member', w.lot.project_unit_id, 'Plan.pdf', pdfBytes());
    fileId = (await filesOf(w, 'member', w.lot.project_unit_id)).json().data[0].projectFileID;
    location = String((await createUpload(w.call, 'member', w.lot.project_unit_id, 'Halb.pdf', 100)).headers.location);
    downloadId = (
      await w.call('member', 'POST', `/api/file/projectFiles/${w.root.project_unit_id}`, [
        { projectUnitID: w.lot.project_unit_id, fileID: fileId },
      ])
    ).json().downloadID;
  });

  const root = () => w.root.project_unit_id;
  const lot = () => w.lot.project_unit_id;
  const routes = (): [string, (who: keyof ProjectWorld['cookies']) => Promise<{ statusCode: number }>][] => [
    ['unit files', (who) => w.call(who, 'GET', `/api/file/${root()}/${lot()}`)],
    ['file content', (who) => w.call(who, 'GET', `/api/file/${root()}/${lot()}/${fileId}/content`)],
    ['delete file', (who) => w.call(who, 'DELETE', `/api/file/${root()}/${lot()}/${fileId}`)],
    ['file tree', (who) => w.call(who, 'GET', `/api/file/projectFiles/${root()}`)],
    [
      'prepare zip',
      (who) => w.call(who, 'POST', `/api/file/projectFiles/${root()}`, [{ projectUnitID: lot(), fileID: fileId }]),
    ],
    ['download zip', (who) => w.call(who, 'GET', `/api/file/projectFiles/download/${downloadId}`)],
    ['create upload', (who) => createUpload(w.call, who, lot(), 'x.pdf', 10)],
    ['resume upload (HEAD)', (who) => headUpload(w.call, who, location)],
    ['continue upload (PATCH)', (who) => patchUpload(w.call, who, location, 0, pdfBytes())],
  ];

  it.each(['outsider', 'foreign', 'foreignAdmin'] as const)('%s gets 404 on every file route', async (who) => {
    for (const [label, call] of routes()) {
      const res = await call(who);
      expect(`${label}: ${res.statusCode}`).toBe(`${label}: 404`);
    }
    expect((await filesOf(w, 'member', lot())).json().data).toHaveLength(1);
  });

  it('a unit id under another root answers 404', async () => {
    const x = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    expect((await w.call('member', 'GET', `/api/file/${root()}/${x.lot.project_unit_id}`)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', `/api/file/${x.root.project_unit_id}/${lot()}`)).statusCode).toBe(404);
  });

  it('an internal user of the tenant reads and downloads without being a member', async () => {
    expect((await w.call('internal', 'GET', `/api/file/${root()}/${lot()}`)).statusCode).toBe(200);
    expect((await w.call('internal', 'GET', `/api/file/${root()}/${lot()}/${fileId}/content`)).statusCode).toBe(200);
  });
});

describe('project files: nightly purge', () => {
  // Test files share one database: the purge runs at the real time, and only this test's own rows
  // are made old, so uploads and downloads other files have in flight stay untouched.
  const DAY = 24 * 3600 * 1000;
  it('removes soft-deleted bytes after the retention period, keeps bytes another version uses', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const same = pdfBytes('gleich');
    await uploadFile(w.call, 'member', w.lot.project_unit_id, 'A.pdf', same);
    await uploadFile(w.call, 'member', w.lot.project_unit_id, 'B.pdf', same);
    const list = (await filesOf(w, 'member', w.lot.project_unit_id)).json().data;
    const a = list.find((f: { name: string }) => f.name === 'A.pdf');
    const keys = await w.db
      .selectFrom('project_file_versions')
      .select('storage_key')
      .where(
        'project_file_id',
        'in',
        list.map((f: { projectFileID: number }) => f.projectFileID),
      )
      .execute();
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(1);
    const key = present(keys[0]).storage_key;
    await w.call('member', 'DELETE', `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}/${a.projectFileID}`);
    const store = createUploadStore(t.app.ctx);
    const retention = t.app.ctx.config.files.retentionDays * DAY;
    await w.db
      .updateTable('project_files')
      .set({ deleted_at: new Date(Date.now() - retention - DAY) })
      .where('project_file_id', '=', a.projectFileID)
      .execute();
    await purgeFiles(t.app.ctx, store, new Date());
    // A is gone for good; B still uses the bytes.
    expect(
      await w.db
        .selectFrom('project_files')
        .select('project_file_id')
        .where('project_file_id', '=', a.projectFileID)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.app.ctx.storage.exists(key)).toBe(true);
    // Deleting the unit leaves bytes nobody can see; the job removes them after the grace period.
    await w.db.deleteFrom('project_units').where('project_unit_id', '=', w.lot.project_unit_id).execute();
    await purgeFiles(t.app.ctx, store, new Date());
    expect(await t.app.ctx.storage.exists(key)).toBe(true);
    const marked = await w.db
      .selectFrom('file_blobs')
      .select('unreferenced_since')
      .where('storage_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(marked.unreferenced_since).not.toBeNull();
    await w.db
      .updateTable('file_blobs')
      .set({ unreferenced_since: new Date(Date.now() - 2 * DAY) })
      .where('storage_key', '=', key)
      .execute();
    await purgeFiles(t.app.ctx, store, new Date());
    expect(await t.app.ctx.storage.exists(key)).toBe(false);
    expect(
      await w.db.selectFrom('file_blobs').select('storage_key').where('storage_key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('drops a partial upload left for more than a day, keeps one in progress', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const bytes = pdfBytes('halb');
    const old = await createUpload(w.call, 'member', w.lot.project_unit_id, 'Alt.pdf', bytes.length);
    const fresh = await createUpload(w.call, 'member', w.lot.project_unit_id, 'Neu.pdf', bytes.length);
    expect([old.statusCode, fresh.statusCode]).toEqual([201, 201]);
    const oldLocation = String(old.headers.location);
    const freshLocation = String(fresh.headers.location);
    const oldId = present(oldLocation.split('/').pop());
    await w.db
      .updateTable('file_uploads')
      .set({ created_at: new Date(Date.now() - 2 * DAY) })
      .where('upload_id', '=', oldId)
      .execute();
    await purgeFiles(t.app.ctx, createUploadStore(t.app.ctx), new Date());
    expect((await headUpload(w.call, 'member', oldLocation)).statusCode).toBe(404);
    expect((await patchUpload(w.call, 'member', freshLocation, 0, bytes)).statusCode).toBe(204);
  });
});
