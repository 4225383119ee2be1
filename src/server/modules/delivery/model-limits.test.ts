import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useFilesApp, createUpload } from '../files/test-upload';
import { base, createProjectWorld, defaultFeatures, type ProjectWorld } from '../projects/test-world';
import { convertSettled } from '../viewer/test-conversions';

const MB = 1024 ** 2;
/** Larger than the converter's limit in every test app (512 MB by default). */
const OVER_LIMIT = 600 * MB;

/**
 * An IFC file version stored as an upload would store it, recorded with `claimedSize` (a row may
 * say 600 MB without the test writing 600 MB). Unique bytes, so no other test shares its stored file.
 */
async function storeModel(
  files: ReturnType<typeof useFilesApp>,
  w: ProjectWorld,
  name: string,
  text: string,
  claimedSize: number,
) {
  const { app } = files;
  const key = `f-${crypto.randomUUID()}`;
  const stored = await app.ctx.storage.put(key, Readable.from([Buffer.from(`${text}\n/* ${key} */\n`)]));
  const now = new Date();
  const tenantId = w.root.tenant_id;
  await w.db
    .insertInto('file_blobs')
    .values({ storage_key: key, tenant_id: tenantId, size: claimedSize, sha256: stored.sha256, created_at: now })
    .execute();
  const file = await w.db
    .insertInto('project_files')
    .values({
      tenant_id: tenantId,
      root_project_unit_id: w.root.project_unit_id,
      project_unit_id: w.root.project_unit_id,
      name,
      name_key: name.toLowerCase(),
      created_at: now,
    })
    .returning('project_file_id')
    .executeTakeFirstOrThrow();
  const version = await w.db
    .insertInto('project_file_versions')
    .values({
      project_file_id: file.project_file_id,
      version_no: 1,
      storage_key: key,
      size: claimedSize,
      sha256: stored.sha256,
      content_type: 'application/octet-stream',
      uploaded_by: null,
      created_at: now,
    })
    .returning('project_file_version_id')
    .executeTakeFirstOrThrow();
  return { key, versionId: version.project_file_version_id };
}

const step = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;";

/**
 * A model the server cannot read (over the converter's size limit, or not IFC) is refused once with
 * its reason, recorded, and never opened again by a reader: the model tree answers 413 or 422, the
 * converted model the same, and the file is not read into the server's memory.
 */
describe('IFC models the server cannot read', () => {
  const files = useFilesApp();
  const features = { ...defaultFeatures, DeliveryOverview: true };

  it('a version over the size limit: 413 from its recorded size, recorded once, the file never opened', async () => {
    const { app } = files;
    const w = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const lot = w.lot.project_unit_id;
    const { key, versionId } = await storeModel(files, w, 'Huge.ifc', step, OVER_LIMIT);
    // The stored bytes are gone: any attempt to open the file would fail, so a 413 proves the size decided.
    await app.ctx.storage.delete(key);

    const url = `/api/view/${lot}/${lot}.json`;
    const first = await w.call('member', 'GET', url);
    expect(first.statusCode).toBe(413);
    expect(first.json()).toMatchObject({
      status: 413,
      code: 'PayloadTooLarge',
      messages: [{ messageType: 'Error', message: 'DELIVERY.Model.Failed.TooLarge' }],
    });
    const rows = await w.db
      .selectFrom('model_trees')
      .select(['tree', 'failure', 'created_at'])
      .where('project_file_version_id', '=', versionId)
      .execute();
    expect(rows).toEqual([{ tree: null, failure: 'tooLarge', created_at: expect.any(Date) }]);
    const again = await w.call('member', 'GET', url);
    expect(again.statusCode).toBe(413);
    expect(again.json().messages[0].message).toBe('DELIVERY.Model.Failed.TooLarge');
    expect(
      await w.db
        .selectFrom('model_trees')
        .select(['failure', 'created_at'])
        .where('project_file_version_id', '=', versionId)
        .execute(),
    ).toEqual([{ failure: 'tooLarge', created_at: rows[0]?.created_at }]);

    // The conversion refuses it by the same size, without the file, and the converted model says so.
    await convertSettled(app.ctx, [versionId]);
    const conversion = await w.db
      .selectFrom('file_conversions')
      .select(['status', 'reason'])
      .where('project_file_version_id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(conversion).toEqual({ status: 'failed', reason: 'VIEWER.Conversion.Failed.TooLarge' });
    const model = await w.call(
      'member',
      'GET',
      `${base}/delivery-overview/${w.root.project_unit_id}/model/${versionId}`,
    );
    expect(model.statusCode).toBe(413);
    expect(model.json().messages[0].message).toBe('VIEWER.Conversion.Failed.TooLarge');
  }, 120_000);

  it('a version that is not IFC: 422, recorded once, the second reader does not read the file again', async () => {
    const { app } = files;
    const w = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const lot = w.lot.project_unit_id;
    const { key, versionId } = await storeModel(files, w, 'Broken.ifc', '%PDF-1.7 no model here', 100);
    const url = `/api/view/${lot}/${lot}.json`;
    const first = await w.call('member', 'GET', url);
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({
      status: 422,
      messages: [{ messageType: 'Error', message: 'DELIVERY.Model.Failed.Unreadable' }],
    });
    const row = await w.db
      .selectFrom('model_trees')
      .select(['tree', 'failure'])
      .where('project_file_version_id', '=', versionId)
      .execute();
    expect(row).toEqual([{ tree: null, failure: 'unreadable' }]);

    // With the file gone, the answer still comes from the record.
    await convertSettled(app.ctx, [versionId]);
    await app.ctx.storage.delete(key);
    const again = await w.call('internal', 'GET', url);
    expect(again.statusCode).toBe(422);
    expect(again.json().messages[0].message).toBe('DELIVERY.Model.Failed.Unreadable');

    const model = await w.call(
      'member',
      'GET',
      `${base}/delivery-overview/${w.root.project_unit_id}/model/${versionId}`,
    );
    expect(model.statusCode).toBe(422);
    expect(model.json().messages[0].message).toBe('VIEWER.Conversion.Failed.Unreadable');
  }, 120_000);

  it('a file policy holds IFC files to the converter limit; such an upload is refused before a byte, other files are not', async () => {
    const { app } = files;
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const policy = '/api/data/portal/file-policy';
    // The default policy (2 GB, IFC allowed) can be saved as it is: IFC files keep the converter's limit.
    const defaults = (await w.call('admin', 'GET', policy)).json();
    expect(defaults.modelMaxFileSizeBytes).toBe(512 * MB);
    const saved = await w.call('admin', 'PUT', policy, {
      allowedKinds: defaults.allowedKinds,
      maxFileSizeBytes: defaults.maxFileSizeBytes,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      maxFileSizeBytes: defaults.maxFileSizeBytes,
      modelMaxFileSizeBytes: 512 * MB,
    });
    // A drawing of the same size as the refused model is announced without complaint.
    const drawing = await createUpload(w.call, 'member', w.root.project_unit_id, 'Huge.pdf', OVER_LIMIT);
    expect(drawing.statusCode).toBe(201);
    await w.call('admin', 'DELETE', policy);

    // The default policy allows 2 GB per file; an IFC model over the converter's limit is still refused at once.
    const upload = await createUpload(w.call, 'member', w.root.project_unit_id, 'Huge.ifc', OVER_LIMIT);
    expect(upload.statusCode).toBe(413);
    expect(
      await w.db
        .selectFrom('file_uploads')
        .select('upload_id')
        .where('file_name', '=', 'Huge.ifc')
        .where('project_unit_id', '=', w.root.project_unit_id)
        .execute(),
    ).toEqual([]);
  });
});
