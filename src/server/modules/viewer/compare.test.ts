import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawingPdf, revisedDrawing } from '../../seed/files';
import { ADDED_COLUMN, MOVED_WALL, REMOVED_WINDOW, reviseFzkHaus } from '../../seed/revised-model';
import { insertTestFile, pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';

const t = useFilesApp();
const fzk = fs.readFileSync(path.join(import.meta.dirname, '../../seed/fixtures/AC20-FZK-Haus.ifc'));

describe('comparing two versions of a drawing or a model', () => {
  let w: ProjectWorld;
  let url: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'ReviewRevisedDrawings' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    const unit = w.lot.project_unit_id;
    const upload = async (name: string, bytes: Buffer) =>
      expect((await uploadFile(w.call, 'planner', unit, name, bytes)).statusCode).toBe(204);
    await upload('Werkplan.pdf', await drawingPdf('Test', 'Werkplan', 'A', 1));
    await upload('Werkplan.pdf', await drawingPdf('Test', 'Werkplan', 'A', 1, revisedDrawing));
    await upload('Haus.ifc', fzk);
    await upload('Haus.ifc', Buffer.from(reviseFzkHaus(fzk.toString('latin1')), 'latin1'));
    await upload('Kaputt.pdf', pdfBytes('a'));
    await upload('Kaputt.pdf', pdfBytes('b'));
    await insertTestFile(w.db, w.lot, 'Notiz.docx');
    const files = (await w.call('member', 'GET', `/api/file/${w.root.project_unit_id}/${unit}`)).json();
    for (const f of files.data as { name: string; projectFileID: number }[]) ids.set(f.name, f.projectFileID);
    url = `/api/viewer/${w.root.project_unit_id}/${unit}/files`;
  }, 120_000);

  const rows = () =>
    w.db
      .selectFrom('version_comparisons')
      .select(['kind', 'older_version_id', 'newer_version_id'])
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();

  it('finds the moved wall and the added opening of a drawing re-plotted with another origin, once per pair', async () => {
    let started = performance.now();
    const first = await w.call('member', 'GET', `${url}/${ids.get('Werkplan.pdf')}/compare?against=1`);
    const firstMs = performance.now() - started;
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ kind: 'pdf', version: 2, against: 1, cached: false, truncated: false });
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0].offset).toEqual({ dx: 14, dy: 9 });
    // The old and the new place of the wall, the new opening, and the title block's index letter are unchanged (both 'A').
    expect(body.regionCount).toBeGreaterThanOrEqual(2);
    expect(body.regionCount).toBeLessThanOrEqual(4);
    expect(body.pages[0].regions.some((r: { removed: number }) => r.removed > 0)).toBe(true);

    started = performance.now();
    const again = await w.call('internal', 'GET', `${url}/${ids.get('Werkplan.pdf')}/compare?version=2&against=1`);
    const cachedMs = performance.now() - started;
    expect(again.json()).toEqual({ ...body, cached: true });
    // Kept: no worker runs again (the figures go to docs/performance.md).
    expect(cachedMs).toBeLessThan(firstMs / 5);
    console.info(`A1 sheet compare through the API: first ${Math.round(firstMs)} ms, kept ${Math.round(cachedMs)} ms`);
    expect((await rows()).filter((r) => r.kind === 'pdf')).toHaveLength(1);
  }, 120_000);

  it('lists the column added, the wall moved and the window removed in the model', async () => {
    let started = performance.now();
    const res = await w.call('member', 'GET', `${url}/${ids.get('Haus.ifc')}/compare?against=1`);
    const firstMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'model', version: 2, against: 1, cached: false });
    expect(body.removed.map((e: { globalId: string }) => e.globalId)).toEqual([REMOVED_WINDOW]);
    expect(body.added.map((e: { globalId: string }) => e.globalId)).toEqual([ADDED_COLUMN]);
    expect(body.changed.map((e: { globalId: string }) => e.globalId)).toEqual([MOVED_WALL]);
    expect(body.changed[0].changes[0]).toMatchObject({ kind: 'placement', name: 'Placement' });
    started = performance.now();
    const again = await w.call('member', 'GET', `${url}/${ids.get('Haus.ifc')}/compare?against=1`);
    const cachedMs = performance.now() - started;
    expect(again.json()).toEqual({ ...body, cached: true });
    expect(cachedMs).toBeLessThan(firstMs / 5);
    console.info(`FZK-Haus compare through the API: first ${Math.round(firstMs)} ms, kept ${Math.round(cachedMs)} ms`);
    expect((await rows()).filter((r) => r.kind === 'model')).toHaveLength(1);
  }, 120_000);

  it("marks the model's walls that changed since the previous version in the delivery overview's tree", async () => {
    const lot = w.lot.project_unit_id;
    const res = await w.call('member', 'GET', `/api/view/${lot}/${lot}.json`);
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.changes.since).toBe(1);
    expect([...tree.changes.globalIds].sort()).toEqual([ADDED_COLUMN, MOVED_WALL].sort());
    const walls = tree.children.flatMap((f: { children: { globalid: string }[] }) => f.children.map((c) => c.globalid));
    expect(walls).toContain(MOVED_WALL);
  }, 120_000);

  it('refuses bad input with a clear error and keeps nothing', async () => {
    const before = (await rows()).length;
    const pdf = ids.get('Werkplan.pdf');
    const expectError = async (res: Awaited<ReturnType<ProjectWorld['call']>>, status: number, message: string) => {
      expect(res.statusCode).toBe(status);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await expectError(
      await w.call('member', 'GET', `${url}/${pdf}/compare?against=2`),
      400,
      'VIEWER.Compare.Errors.NotEarlier',
    );
    await expectError(
      await w.call('member', 'GET', `${url}/${pdf}/compare?against=7`),
      404,
      'VIEWER.Compare.Errors.NoSuchVersion',
    );
    await expectError(
      await w.call('member', 'GET', `${url}/${pdf}/compare?version=9&against=1`),
      404,
      'VIEWER.Compare.Errors.NoSuchVersion',
    );
    await expectError(
      await w.call('member', 'GET', `${url}/${ids.get('Notiz.docx')}/compare?against=1`),
      422,
      'VIEWER.Compare.Errors.NotComparable',
    );
    await expectError(
      await w.call('member', 'GET', `${url}/${ids.get('Kaputt.pdf')}/compare?against=1`),
      422,
      'VIEWER.Compare.Errors.Unreadable.Pdf',
    );
    expect((await w.call('member', 'GET', `${url}/${pdf}/compare`)).statusCode).toBe(400);
    expect((await w.call('member', 'GET', `${url}/${pdf}/compare?against=abc`)).statusCode).toBe(400);
    expect((await w.call('member', 'GET', `${url}/999999999/compare?against=1`)).statusCode).toBe(404);
    expect((await rows()).length).toBe(before);
  }, 120_000);

  it('is open to whoever may read the unit and to nobody else', async () => {
    const pdf = `${url}/${ids.get('Werkplan.pdf')}/compare?against=1`;
    expect((await w.call('planner', 'GET', pdf)).statusCode).toBe(200);
    expect((await w.call('outsider', 'GET', pdf)).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', pdf)).statusCode).toBe(404);
    const otherRoot = `/api/viewer/${w.sub.project_unit_id}/${w.lot.project_unit_id}/files/${ids.get('Werkplan.pdf')}/compare?against=1`;
    expect((await w.call('member', 'GET', otherRoot)).statusCode).toBe(404);
    // A file of another unit is not found through this unit.
    const ofSub = `/api/viewer/${w.root.project_unit_id}/${w.sub.project_unit_id}/files/${ids.get('Werkplan.pdf')}/compare?against=1`;
    expect((await w.call('member', 'GET', ofSub)).statusCode).toBe(404);
  });
});
