import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadFile, useFilesApp } from '../files/test-upload';
import { base, createProjectWorld, defaultFeatures } from '../projects/test-world';
import { convertSettled } from '../viewer/test-conversions';

const fzk = fs.readFileSync(path.join(import.meta.dirname, '../../seed/fixtures/AC20-FZK-Haus.ifc'));

/** `GET api/view/{unitId}/{unitId}.json`: storeys and walls of the nearest model, generated once per version. */
describe('model tree', () => {
  const files = useFilesApp();

  it('answers the FLOOR and WALL children of the model on the project, once generated and then cached', async () => {
    const { app } = files;
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const lot = w.lot.project_unit_id;
    const url = `/api/view/${lot}/${lot}.json`;
    expect((await w.call('member', 'GET', url)).statusCode).toBe(404);
    expect((await uploadFile(w.call, 'member', w.root.project_unit_id, 'AC20-FZK-Haus.ifc', fzk)).statusCode).toBe(204);

    const res = await w.call('member', 'GET', url);
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.children.map((f: { type: string; name: string }) => [f.type, f.name])).toEqual([
      ['FLOOR', 'Erdgeschoss'],
      ['FLOOR', 'Dachgeschoss'],
    ]);
    expect(tree.children[0].children[0]).toMatchObject({
      type: 'WALL',
      globalid: expect.any(String),
      name: expect.any(String),
    });
    const cached = await w.db.selectFrom('model_trees').select(['project_file_version_id', 'generation_ms']).execute();
    expect(cached.length).toBeGreaterThanOrEqual(1);
    expect((await w.call('internal', 'GET', url)).json()).toEqual(tree);
    expect(await w.db.selectFrom('model_trees').select('project_file_version_id').execute()).toHaveLength(
      cached.length,
    );

    expect((await w.call('outsider', 'GET', url)).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', url)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', `/api/view/${lot}/other.json`)).statusCode).toBe(404);
  });

  it('the overview names the project model and serves its converted fragments to readers only', async () => {
    const { app } = files;
    const features = { ...defaultFeatures, DeliveryOverview: true };
    const w = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const root = w.root.project_unit_id;
    const info = `${base}/delivery-overview/${root}/info`;
    expect((await w.call('member', 'GET', info)).json().model).toBeNull();
    await uploadFile(w.call, 'member', root, 'AC20-FZK-Haus.ifc', fzk);
    const queued = (await w.call('member', 'GET', info)).json().model;
    // The upload starts the conversion at once: it may be waiting, running, or (same model as before) done.
    expect(queued).toMatchObject({ fileName: 'AC20-FZK-Haus.ifc', conversion: { reason: null } });
    expect(['queued', 'converting', 'ready']).toContain(queued.conversion.status);
    const url = `${base}/delivery-overview/${root}/model/${queued.projectFileVersionID}`;
    // Until it is ready, the model is not served.
    const early = await w.call('member', 'GET', url);
    const readyNow = (await w.call('member', 'GET', info)).json().model.conversion.status === 'ready';
    if (!readyNow) expect(early.statusCode).toBe(404);

    await convertSettled(app.ctx, [queued.projectFileVersionID]);
    expect((await w.call('member', 'GET', info)).json().model.conversion).toEqual({ status: 'ready', reason: null });
    const fragments = await w.call('member', 'GET', url);
    expect(fragments.statusCode).toBe(200);
    expect(fragments.headers['content-type']).toBe('application/octet-stream');
    expect(fragments.rawPayload.length).toBeGreaterThan(1000);
    // Only the version the overview names; strangers and other tenants see nothing.
    expect((await w.call('member', 'GET', `${url}0`)).statusCode).toBe(404);
    expect((await w.call('outsider', 'GET', url)).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', url)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', `${base}/delivery-overview/${root}/model/abc`)).statusCode).toBe(400);
  }, 120_000);
});
