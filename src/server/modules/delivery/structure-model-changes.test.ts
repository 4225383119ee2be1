import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVED_WALL, reviseFzkHaus } from '../../seed/revised-model';
import { uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';

const t = useFilesApp();
const fzk = fs.readFileSync(path.join(import.meta.dirname, '../../seed/fixtures/AC20-FZK-Haus.ifc'));

describe("the structure editor's marks: walls of the project's model changed since its previous version", () => {
  let w: ProjectWorld;
  let url: string;

  beforeAll(async () => {
    w = await createProjectWorld(t.app);
    url = `/api/data/portal/projects/${w.root.project_unit_id}/structure-draft/model-changes`;
  });

  const upload = async (bytes: Buffer) =>
    expect((await uploadFile(w.call, 'planner', w.root.project_unit_id, 'Haus.ifc', bytes)).statusCode).toBe(204);

  it('marks nothing without a model and for a first version; a revision marks its moved wall by storey', async () => {
    expect((await w.call('member', 'GET', url)).json()).toEqual({ model: null, since: null, storeys: [] });

    await upload(fzk);
    const first = await w.call('member', 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ model: 'Haus.ifc', since: null, storeys: [] });

    // The revision moves an inner wall of the ground floor and adds a column (not a wall: not listed).
    await upload(Buffer.from(reviseFzkHaus(fzk.toString('latin1')), 'latin1'));
    const revised = await w.call('member', 'GET', url);
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toEqual({
      model: 'Haus.ifc',
      since: 1,
      storeys: [{ name: 'Erdgeschoss', walls: [{ globalId: MOVED_WALL, name: 'Wand-Int-ERDG-4' }] }],
    });
    // Read-only: the comparison was made once and kept; asking again changes nothing.
    const kept = () =>
      w.db.selectFrom('version_comparisons').select('kind').where('tenant_id', '=', w.tenant.tenant_id).execute();
    expect(await kept()).toHaveLength(1);
    expect((await w.call('planner', 'GET', url)).json()).toEqual(revised.json());
    expect(await kept()).toHaveLength(1);
  }, 120_000);

  it("answers 404 with no data to another tenant's users and to users who may not read the project", async () => {
    for (const who of ['foreign', 'foreignAdmin', 'outsider'] as const) {
      const res = await w.call(who, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).not.toHaveProperty('storeys');
    }
  });
});
