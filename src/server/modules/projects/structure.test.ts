import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryStructure, Structure } from '../../../shared/schemas/structure';
import { pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { base, createProjectWorld, defaultFeatures, type ProjectWorld } from './test-world';

const t = useFilesApp();
const fixtures = path.resolve(import.meta.dirname, '../../seed/fixtures');

/** The structure editor's API: the draft, create-project-structure and the IFC structure. */
describe('structure editor API', () => {
  let w: ProjectWorld;
  let rootId: number;
  let earliest: string;
  const draftUrl = () => `${base}/projects/${rootId}/structure-draft`;
  const createUrl = () => `/api/tasks/create-project-structure/${rootId}`;

  const structureOf = (subs: [string, [string, number][]][]): Structure => ({
    subProjects: subs.map(([name, lots], i) => ({
      id: `s${i}`,
      name,
      approvalLots: lots.map(([lot, volume], j) => ({
        id: `s${i}l${j}`,
        name: lot,
        materials: [{ type: 'aac', volume, deliveryDate: earliest }],
      })),
    })),
  });
  const deliveryOf = (s: Structure): DeliveryStructure =>
    s.subProjects.map((sp) => ({
      subProjectTitle: sp.name,
      approvalLots: sp.approvalLots.map((l) => ({ approvalLotTitle: l.name, materials: l.materials })),
    }));
  const unitCount = async () =>
    (
      await w.db
        .selectFrom('project_units')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('root_project_unit_id', '=', rootId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    w = await createProjectWorld(t.app, { features: { ...defaultFeatures, CreateStructure: true } });
    rootId = w.root.project_unit_id;
    const res = await w.call('planner', 'GET', draftUrl());
    expect(res.statusCode).toBe(200);
    earliest = res.json().earliestDeliveryDate;
  });

  it('answers the empty draft with the minimum date (today + preliminary days) and the material types', async () => {
    const body = (await w.call('planner', 'GET', draftUrl())).json();
    expect(body).toMatchObject({ structure: null, savedOn: null, preliminaryDays: 12, canEdit: true });
    expect(body.materialTypes).toEqual(['aac', 'lintel', 'cs']);
    expect(body.earliestDeliveryDate > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('access: another tenant and a non-member get 404, an external member without the Structuring task 403', async () => {
    const s = structureOf([['Haus B', [['EG', 10]]]]);
    for (const who of ['foreign', 'foreignAdmin', 'outsider'] as const) {
      expect((await w.call(who, 'GET', draftUrl())).statusCode, who).toBe(404);
      expect((await w.call(who, 'PUT', draftUrl(), { structure: s })).statusCode, who).toBe(404);
      expect((await w.call(who, 'POST', createUrl(), deliveryOf(s))).statusCode, who).toBe(404);
    }
    const read = (await w.call('member', 'GET', draftUrl())).json();
    expect(read.canEdit).toBe(false);
    const put = await w.call('member', 'PUT', draftUrl(), { structure: s });
    expect(put.statusCode).toBe(403);
    expect(put.json().messages[0].message).toBe('WORKFLOW.NotTaskHolder');
    expect((await w.call('member', 'POST', createUrl(), deliveryOf(s))).statusCode).toBe(403);
    // A unit below the root is not a structure.
    expect(
      (await w.call('planner', 'GET', `${base}/projects/${w.sub.project_unit_id}/structure-draft`)).statusCode,
    ).toBe(404);
  });

  it('saves the draft for a colleague; the task holder of Structuring may save too', async () => {
    const s = structureOf([
      [
        'Haus B',
        [
          ['EG', 120],
          ['OG', 100],
        ],
      ],
    ]);
    const saved = await w.call('planner', 'PUT', draftUrl(), { structure: s });
    expect(saved.statusCode).toBe(200);
    const colleague = (await w.call('internal', 'GET', draftUrl())).json();
    expect(colleague.structure).toEqual(s);
    expect(colleague.savedByName).toBeTruthy();
    await w.db
      .insertInto('tasks')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: rootId,
        project_unit_id: rootId,
        user_id: w.external.user_id,
        task_key: 'Structuring',
        state_key: 'Structuring',
      })
      .execute();
    expect((await w.call('member', 'PUT', draftUrl(), { structure: s })).statusCode).toBe(200);
  });

  it('refuses an invalid structure with the editor’s message keys, on Save and on finishing', async () => {
    const cases: [Structure, number, string, Record<string, unknown>?][] = [
      [{ subProjects: [] }, 400, 'STRUCTURE.Errors.Empty'],
      [structureOf([['Haus B', []]]), 400, 'STRUCTURE.Errors.SubprojectWithoutChildren', { name: 'Haus B' }],
      [structureOf([['Haus B', [['EG', 0]]]]), 400, 'STRUCTURE.Errors.DataNotValid'],
      [
        structureOf([
          [
            'Haus B',
            [
              ['EG', 200],
              ['OG', 150.5],
            ],
          ],
        ]),
        400,
        'PROJECT.Materials.LimitReached',
        { total: 350.5 },
      ],
      [
        structureOf([
          ['Haus B', [['EG', 1]]],
          ['haus b ', [['EG', 1]]],
        ]),
        409,
        'STRUCTURE.Errors.DuplicateSubproject',
      ],
      [
        structureOf([
          [
            'Haus B',
            [
              ['EG', 1],
              ['eg', 1],
            ],
          ],
        ]),
        409,
        'STRUCTURE.Errors.DuplicateApprovalLot',
        { name: 'eg' },
      ],
      // The project already holds a subproject "Haus A".
      [structureOf([['Haus A', [['EG', 1]]]]), 409, 'STRUCTURE.Errors.DuplicateSubproject', { name: 'Haus A' }],
    ];
    const before = await unitCount();
    for (const [s, status, message, params] of cases) {
      for (const res of [
        await w.call('planner', 'PUT', draftUrl(), { structure: s }),
        await w.call('planner', 'POST', createUrl(), deliveryOf(s)),
      ]) {
        expect(res.statusCode, message).toBe(status);
        expect(res.json().messages[0], message).toMatchObject({ message, ...(params ? { params } : {}) });
      }
    }
    const early = structureOf([['Haus B', [['EG', 10]]]]);
    const lot = early.subProjects[0]?.approvalLots[0]?.materials[0];
    if (lot) lot.deliveryDate = new Date().toISOString().slice(0, 10);
    expect((await w.call('planner', 'POST', createUrl(), deliveryOf(early))).json().messages[0].message).toBe(
      'STRUCTURE.Errors.DataNotValid',
    );
    expect(await unitCount()).toBe(before);
  });

  it('a subproject made on the project page shows in the editor; finishing without its lot names it and leaves nothing behind', async () => {
    // A subproject added with the "New unit" tile, outside the editor, still without an approval lot.
    const empty = await w.db
      .insertInto('project_units')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: rootId,
        parent_project_unit_id: rootId,
        project_unit_type: 'subproject',
        project_unit_no: `${w.root.project_unit_no}-77`,
        title: 'Leer',
        state_key: 'Structuring',
      })
      .returning('project_unit_id')
      .executeTakeFirstOrThrow();
    const draft = (await w.call('planner', 'GET', draftUrl())).json();
    expect(draft.existingSubprojects).toContainEqual({
      projectUnitID: empty.project_unit_id,
      projectUnitNo: `${w.root.project_unit_no}-77`,
      title: 'Leer',
      projectUnitTypeVariant: null,
      children: 0,
      volume: 0,
    });
    const before = await unitCount();
    const res = await w.call('planner', 'POST', createUrl(), deliveryOf(structureOf([['Haus C', [['EG', 10]]]])));
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([
      {
        messageType: 'Error',
        message: 'STRUCTURE.Errors.UnitWithoutLot',
        reference: `${w.root.project_unit_no}-77`,
        params: { unitId: empty.project_unit_id, unitNo: `${w.root.project_unit_no}-77`, title: 'Leer' },
      },
    ]);
    expect(await unitCount()).toBe(before);
    const root = await w.db
      .selectFrom('project_units')
      .select('state_key')
      .where('project_unit_id', '=', rootId)
      .executeTakeFirstOrThrow();
    expect(root.state_key).toBe('Structuring');
    expect((await w.call('planner', 'GET', draftUrl())).json().structure).not.toBeNull();
    await w.db.deleteFrom('project_units').where('project_unit_id', '=', empty.project_unit_id).execute();
  });

  it('IFC structure: parsed on the server from the project’s FZK-Haus model; other files refused', async () => {
    const model = fs.readFileSync(path.join(fixtures, 'AC20-FZK-Haus.ifc'));
    expect((await uploadFile(w.call, 'planner', rootId, 'AC20-FZK-Haus.ifc', model)).statusCode).toBe(204);
    expect((await uploadFile(w.call, 'planner', rootId, 'Plan.pdf', pdfBytes())).statusCode).toBe(204);
    const files = (await w.call('planner', 'GET', `/api/file/${rootId}/${rootId}`)).json().data as {
      projectFileID: number;
      name: string;
    }[];
    const ifc = files.find((f) => f.name.endsWith('.ifc'))?.projectFileID;
    const pdf = files.find((f) => f.name.endsWith('.pdf'))?.projectFileID;
    const res = await w.call('member', 'GET', `/api/file/${rootId}/${ifc}/ifcstructure`);
    expect(res.statusCode).toBe(200);
    expect(res.json().subProjects).toMatchObject([
      { title: 'FZK-Haus', approvalLots: [{ title: 'Erdgeschoss' }, { title: 'Dachgeschoss' }] },
    ]);
    const refused = await w.call('planner', 'GET', `/api/file/${rootId}/${pdf}/ifcstructure`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages[0].message).toBe('STRUCTURE.Ifc.NotIfc');
    expect((await w.call('foreign', 'GET', `/api/file/${rootId}/${ifc}/ifcstructure`)).statusCode).toBe(404);
    expect((await w.call('outsider', 'GET', `/api/file/${rootId}/${ifc}/ifcstructure`)).statusCode).toBe(404);
    expect((await w.call('planner', 'GET', `/api/file/${rootId}/999999999/ifcstructure`)).statusCode).toBe(404);

    // The progress stream: each step as a line, then the same structure; refusals answer as before.
    const progress = await w.call('member', 'GET', `/api/file/${rootId}/${ifc}/ifcstructure/progress`);
    expect(progress.statusCode).toBe(200);
    expect(progress.headers['content-type']).toContain('application/x-ndjson');
    const lines = progress.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { phase?: string; structure?: unknown });
    expect(lines.filter((l) => l.phase).map((l) => l.phase)).toEqual(['reading', 'storeys', 'walls', 'volumes']);
    expect(lines.at(-1)?.structure).toEqual(res.json());
    const notIfc = await w.call('planner', 'GET', `/api/file/${rootId}/${pdf}/ifcstructure/progress`);
    expect(notIfc.statusCode).toBe(400);
    expect(notIfc.json().messages[0].message).toBe('STRUCTURE.Ifc.NotIfc');
    expect((await w.call('foreign', 'GET', `/api/file/${rootId}/${ifc}/ifcstructure/progress`)).statusCode).toBe(404);
  }, 90_000);

  it('Structuring-finished creates subprojects, approval lots and materials, moves the project on and removes the draft', async () => {
    const s = structureOf([
      [
        'Haus B',
        [
          ['EG', 120],
          ['OG', 100],
        ],
      ],
      ['Haus C', [['EG', 350]]],
    ]);
    const res = await w.call('planner', 'POST', createUrl(), deliveryOf(s));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rootProjectUnitID: rootId,
      stateKey: 'Preparing',
      subprojects: 2,
      approvalLots: 3,
    });
    const units = await w.db
      .selectFrom('project_units as u')
      .leftJoin('project_units as p', 'p.project_unit_id', 'u.parent_project_unit_id')
      .select(['u.title', 'u.project_unit_type', 'u.state_key', 'u.project_unit_no', 'p.title as parent'])
      .where('u.root_project_unit_id', '=', rootId)
      .where('u.title', 'in', ['Haus B', 'Haus C', 'EG', 'OG'])
      .where('u.project_unit_id', '!=', w.lot.project_unit_id)
      .orderBy('u.project_unit_no')
      .execute();
    expect(units.map((u) => [u.parent, u.title, u.project_unit_type, u.state_key])).toEqual([
      [w.root.title, 'Haus B', 'subproject', 'Preparing'],
      ['Haus B', 'EG', 'approvallot', 'Preparing'],
      ['Haus B', 'OG', 'approvallot', 'Preparing'],
      [w.root.title, 'Haus C', 'subproject', 'Preparing'],
      ['Haus C', 'EG', 'approvallot', 'Preparing'],
    ]);
    const volumes = await w.db
      .selectFrom('materials as m')
      .innerJoin('project_units as u', 'u.project_unit_id', 'm.project_unit_id')
      .select(['m.volume', 'm.delivery_date'])
      .where('u.root_project_unit_id', '=', rootId)
      .execute();
    expect(volumes.map((v) => Number(v.volume)).sort((a, b) => a - b)).toEqual([100, 120, 350]);
    expect((await w.call('planner', 'GET', draftUrl())).json().structure).toBeNull();
    // Not Structuring any more: the editor is closed.
    expect((await w.call('planner', 'POST', createUrl(), deliveryOf(s))).statusCode).toBe(403);
  });
});
