import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { createChildUnit } from '../../test/factories';
import { base, createProjectWorld, defaultFeatures } from './test-world';

describe('project units', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('reads a unit with abilities, its path root first and its children ordered by number with paging', async () => {
    const w = await createProjectWorld(app);
    const unit = await w.call('member', 'GET', `${base}/projects/${w.lot.project_unit_id}`);
    expect(unit.statusCode).toBe(200);
    expect(unit.json()).toMatchObject({
      projectUnitID: w.lot.project_unit_id,
      rootProjectUnitID: w.root.project_unit_id,
      parentProjectUnitID: w.sub.project_unit_id,
      projectUnitType: 'approvallot',
      abilities: {
        isSalesPlanner: false,
        isInternal: false,
        canEdit: true,
        delete: 'allowed',
        canCreateChildren: true,
      },
    });
    const path = await w.call('member', 'GET', `${base}/projects/${w.lot.project_unit_id}/path`);
    expect(path.json().data.map((u: { projectUnitID: number }) => u.projectUnitID)).toEqual([
      w.root.project_unit_id,
      w.sub.project_unit_id,
      w.lot.project_unit_id,
    ]);
    // The details page's path and the project's features come with the unit, as their own calls answer them.
    expect(unit.json().path).toEqual(path.json().data);
    const features = await w.call('member', 'GET', `${base}/projects/${w.root.project_unit_id}/features`);
    expect(unit.json().features).toEqual(features.json().features);

    for (let i = 0; i < 27; i++) {
      await createChildUnit(w.db, w.root, {
        project_unit_no: `${w.root.project_unit_no}-${String(30 - i).padStart(2, '0')}`,
      });
    }
    const page1 = await w.call('member', 'GET', `${base}/projects/${w.root.project_unit_id}/children?$count=true`);
    expect(page1.json().count).toBe(28);
    expect(page1.json().data).toHaveLength(25);
    const numbers = page1.json().data.map((u: { projectUnitNo: string }) => u.projectUnitNo);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers[0]).toBe(`${w.root.project_unit_no}-01`);
    const page2 = await w.call(
      'member',
      'GET',
      `${base}/projects/${w.root.project_unit_id}/children?$skip=25&$count=true`,
    );
    expect(page2.json().data).toHaveLength(3);
    const bad = await w.call(
      'member',
      'GET',
      `${base}/projects/${w.root.project_unit_id}/children?$filter=secret eq 1`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('creates a subproject and an approval lot with the next number, the earliest delivery date and the root state', async () => {
    const w = await createProjectWorld(app);
    const sub = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.root.project_unit_id,
      rootProjectUnitID: w.root.project_unit_id,
      projectUnitType: 'subproject',
      title: '  Haus B ',
      notes: 'Nordseite',
    });
    expect(sub.statusCode).toBe(200);
    expect(sub.json().rootProjectUnitID).toBe(w.root.project_unit_id);
    const created = (await w.call('member', 'GET', `${base}/projects/${sub.json().projectUnitID}`)).json();
    expect(created).toMatchObject({
      title: 'Haus B',
      notes: 'Nordseite',
      projectUnitNo: `${w.root.project_unit_no}-02`,
      stateKey: 'Structuring',
    });

    const lot = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: sub.json().projectUnitID,
      projectUnitType: 'approvallot',
      title: 'EG',
    });
    expect(lot.statusCode).toBe(200);
    const lotUnit = (await w.call('member', 'GET', `${base}/projects/${lot.json().projectUnitID}`)).json();
    expect(lotUnit.earliestDeliveryDate).toBe('2026-12-03');
    expect(lotUnit.projectUnitNo).toBe(`${w.root.project_unit_no}-02-01`);
  });

  it('creates an approval lot with its materials in one step: refused means nothing is created', async () => {
    const w = await createProjectWorld(app);
    const create = (title: string, materials: unknown[]) =>
      w.call('member', 'POST', `${base}/projects`, {
        parentProjectUnitID: w.sub.project_unit_id,
        projectUnitType: 'approvallot',
        title,
        materials,
      });
    const childrenOf = async () =>
      (await w.call('member', 'GET', `${base}/projects/${w.sub.project_unit_id}/children?$count=true`)).json().count;
    const before = await childrenOf();
    expect(before).toEqual(expect.any(Number));
    const over = await create('OG', [{ type: 'aac', volume: 351, deliveryDate: '2026-12-10' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().messages[0]).toMatchObject({ message: 'VALIDATION.MaxValueReached', params: { max: 350 } });
    const wood = await create('OG', [{ type: 'wood', volume: 1, deliveryDate: '2026-12-10' }]);
    expect(wood.json().messages[0]).toMatchObject({ message: 'VALIDATION.UnknownMaterialType' });
    expect(await childrenOf()).toBe(before);

    const ok = await create('OG', [{ type: 'aac', volume: 12.5, deliveryDate: '2026-12-10' }]);
    expect(ok.statusCode).toBe(200);
    const id = ok.json().projectUnitID;
    expect((await w.call('member', 'GET', `/api/materials/${id}`)).json()).toEqual([
      { type: 'aac', volume: 12.5, deliveryDate: '2026-12-10' },
    ]);
    expect((await w.call('member', 'GET', `${base}/projects/${id}`)).json()).toMatchObject({
      deliveryDate: '2026-12-10',
      earliestDeliveryDate: '2026-12-03',
    });
    // Materials belong to approval lots only.
    const sub = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.root.project_unit_id,
      projectUnitType: 'subproject',
      title: 'Haus Z',
      materials: [],
    });
    expect(sub.statusCode).toBe(400);
  });

  it('refuses every write under a Closed or Archived project, also to sales planners', async () => {
    for (const state of ['Closed', 'Archived'] as const) {
      const w = await createProjectWorld(app, { state });
      for (const who of ['planner', 'internal', 'member'] as const) {
        const child = await w.call(who, 'POST', `${base}/projects`, {
          parentProjectUnitID: w.sub.project_unit_id,
          projectUnitType: 'approvallot',
          title: `Neu ${who}`,
        });
        expect(child.statusCode, `${state} create by ${who}`).toBe(403);
        expect(child.json().messages[0].message).toBe('ERRORMESSAGES.ProjectClosed');
        const edit = await w.call(who, 'PUT', `${base}/projects/${w.lot.project_unit_id}`, { notes: 'x' });
        expect(edit.statusCode, `${state} edit by ${who}`).toBe(403);
        const del = await w.call(who, 'DELETE', `${base}/projects/${w.lot.project_unit_id}`);
        expect(del.statusCode, `${state} delete by ${who}`).toBe(403);
      }
      const detail = (await w.call('planner', 'GET', `${base}/projects/${w.lot.project_unit_id}`)).json();
      expect(detail.abilities).toMatchObject({ canEdit: false, canCreateChildren: false, delete: 'notAllowed' });
    }
  });

  it("names missing and mistyped fields with translation keys, never the validator's English", async () => {
    const w = await createProjectWorld(app);
    const res = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: 'x',
      projectUnitType: 'approvallot',
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().messages as { message: string; reference: string }[];
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'VALIDATION.InvalidType', reference: 'parentProjectUnitID' }),
        expect.objectContaining({ message: 'VALIDATION.IsRequired', reference: 'title' }),
      ]),
    );
    for (const m of messages) expect(m.message).toMatch(/^[A-Z]+\.[A-Za-z]+/);
  });

  it('enforces the creation rules: allowed child types, roles and the root state', async () => {
    const w = await createProjectWorld(app, { state: 'Preparing' });
    const create = (who: 'member' | 'planner', parent: number, type: string) =>
      w.call(who, 'POST', `${base}/projects`, {
        parentProjectUnitID: parent,
        projectUnitType: type,
        title: `T ${type} ${Math.random()}`,
      });
    const refused = await create('member', w.root.project_unit_id, 'subproject');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0].message).toBe('PROJECT.Create.NotAllowedMessage');
    expect((await create('planner', w.root.project_unit_id, 'subproject')).statusCode).toBe(200);
    expect((await create('planner', w.sub.project_unit_id, 'approvallot')).statusCode).toBe(200);
    const wrongType = await create('planner', w.root.project_unit_id, 'approvallot');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().messages[0]).toMatchObject({
      message: 'PROJECT.Create.NoFurtherStructuring',
      reference: 'projectUnitType',
    });
    // Folders go under a project, subproject or approval lot (DESIGN.md §3), not under a folder.
    const folder = await create('planner', w.lot.project_unit_id, 'folder');
    expect(folder.statusCode).toBe(200);
    expect((await create('planner', folder.json().projectUnitID, 'folder')).statusCode).toBe(400);
    expect((await create('planner', w.root.project_unit_id, 'project')).statusCode).toBe(400);
  });

  it('follows the variant: aac_elements and lintel subprojects hold order lots; lintel dates not in the past', async () => {
    const aac = await createProjectWorld(app, { variant: 'aac_elements' });
    expect(
      (
        await aac.call('member', 'POST', `${base}/projects`, {
          parentProjectUnitID: aac.sub.project_unit_id,
          projectUnitType: 'approvallot',
          title: 'X',
        })
      ).statusCode,
    ).toBe(400);
    const ok = await aac.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: aac.sub.project_unit_id,
      projectUnitType: 'aacorderlot',
      title: 'Lieferung 1',
    });
    expect(ok.statusCode).toBe(200);

    const lintel = await createProjectWorld(app, { variant: 'lintel' });
    const post = (deliveryDate?: string) =>
      lintel.call('member', 'POST', `${base}/projects`, {
        parentProjectUnitID: lintel.sub.project_unit_id,
        projectUnitType: 'lintelorderlot',
        title: `S ${deliveryDate}`,
        deliveryDate,
      });
    expect((await post('2026-11-20')).json().messages[0]).toMatchObject({
      message: 'VALIDATION.MinDateToday',
      reference: 'deliveryDate',
    });
    expect((await post()).statusCode).toBe(400);
    expect((await post('2026-11-21')).statusCode).toBe(200);
  });

  it('a new project gets element and lintel subprojects side by side: the planner chooses the kind of each subproject', async () => {
    const w = await createProjectWorld(app);
    const newSub = async (title: string, projectUnitTypeVariant?: string | null) =>
      w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: w.root.project_unit_id,
        projectUnitType: 'subproject',
        projectUnitTypeVariant,
        title,
      });
    const elements = await newSub('Elemente', 'aac_elements');
    const lintels = await newSub('Stürze', 'lintel');
    const plain = await newSub('Haus Z', null);
    expect([elements.statusCode, lintels.statusCode, plain.statusCode]).toEqual([200, 200, 200]);
    const lot = (parent: number, projectUnitType: string, title: string, deliveryDate?: string) =>
      w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: parent,
        projectUnitType,
        title,
        deliveryDate,
      });
    expect((await lot(elements.json().projectUnitID, 'aacorderlot', 'EG')).statusCode).toBe(200);
    expect((await lot(lintels.json().projectUnitID, 'lintelorderlot', 'EG', '2026-11-30')).statusCode).toBe(200);
    // Each subproject holds only its own kind of lot.
    expect((await lot(lintels.json().projectUnitID, 'aacorderlot', 'OG')).json().messages[0]).toMatchObject({
      message: 'PROJECT.Create.NoFurtherStructuring',
      reference: 'projectUnitType',
    });
    expect((await lot(plain.json().projectUnitID, 'lintelorderlot', 'OG', '2026-11-30')).statusCode).toBe(400);
    const units = await w.call('planner', 'GET', `${base}/projects/${lintels.json().projectUnitID}`);
    expect(units.json().projectUnitTypeVariant).toBe('lintel');
    // An unknown kind is refused and creates nothing.
    const wrong = await newSub('Dach', 'roof');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages[0]).toMatchObject({ reference: 'projectUnitTypeVariant' });
  });

  it('refuses creation without AllowCreateProjectUnits', async () => {
    const w = await createProjectWorld(app, { features: { ...defaultFeatures, AllowCreateProjectUnits: false } });
    const res = await w.call('planner', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.root.project_unit_id,
      projectUnitType: 'subproject',
      title: 'X',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await w.call('planner', 'GET', `${base}/projects/${w.root.project_unit_id}`)).json().abilities.canCreateChildren,
    ).toBe(false);
  });

  it('answers a duplicate title among siblings with DuplicateElement naming it, case-insensitively; the check endpoint agrees', async () => {
    const w = await createProjectWorld(app);
    const res = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.root.project_unit_id,
      projectUnitType: 'subproject',
      title: 'haus a',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DuplicateElement',
      messages: [{ message: 'PROJECT.Duplicate.Message', reference: 'haus a' }],
    });
    const check = (title: string, exclude?: number) =>
      w.call(
        'member',
        'GET',
        `${base}/projects/${w.root.project_unit_id}/title-available?title=${encodeURIComponent(title)}${exclude ? `&excludeUnitId=${exclude}` : ''}`,
      );
    expect((await check('HAUS A')).json()).toEqual({ available: false });
    expect((await check('Haus A', w.sub.project_unit_id)).json()).toEqual({ available: true });
    expect((await check('Haus Z')).json()).toEqual({ available: true });
    expect((await check('  ')).json()).toEqual({ available: false });
    // The same title under another parent is fine.
    expect(
      (
        await w.call('member', 'POST', `${base}/projects`, {
          parentProjectUnitID: w.sub.project_unit_id,
          projectUnitType: 'approvallot',
          title: 'Haus A',
        })
      ).statusCode,
    ).toBe(200);
    // Renaming onto a sibling's title is refused too.
    const other = await w.call('member', 'POST', `${base}/projects`, {
      parentProjectUnitID: w.root.project_unit_id,
      projectUnitType: 'subproject',
      title: 'Haus C',
    });
    const rename = await w.call('member', 'PUT', `${base}/projects/${other.json().projectUnitID}`, { title: 'HAUS A' });
    expect(rename.statusCode).toBe(409);
  });

  it('lists the members with roles and hides e-mail addresses under HideMemberEMail; the profile only for members', async () => {
    const w = await createProjectWorld(app);
    const members = (await w.call('member', 'GET', `${base}/projects/${w.lot.project_unit_id}/members`)).json().data;
    expect(members).toHaveLength(3);
    const planner = members.find((m: { userID: number }) => m.userID === w.planner.user_id);
    expect(planner).toMatchObject({
      memberRoleKeys: ['salesPlanner'],
      email: w.planner.login,
      userLogin: w.planner.login,
    });
    const profile = await w.call(
      'member',
      'GET',
      `${base}/projects/${w.root.project_unit_id}/members/${w.planner.user_id}`,
    );
    expect(profile.json()).toMatchObject({ userID: w.planner.user_id, firstName: 'Test' });
    expect(
      (await w.call('member', 'GET', `${base}/projects/${w.root.project_unit_id}/members/${w.outsider.user_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.call('member', 'GET', `${base}/projects/${w.sub.project_unit_id}/members/${w.planner.user_id}`))
        .statusCode,
    ).toBe(404);

    const hidden = await createProjectWorld(app, { features: { ...defaultFeatures, HideMemberEMail: true } });
    const list = (await hidden.call('member', 'GET', `${base}/projects/${hidden.root.project_unit_id}/members`)).json()
      .data;
    expect(
      list.every((m: { email: string | null; userLogin: string | null }) => m.email === null && m.userLogin === null),
    ).toBe(true);
    const one = await hidden.call(
      'member',
      'GET',
      `${base}/projects/${hidden.root.project_unit_id}/members/${hidden.planner.user_id}`,
    );
    expect(one.json().email).toBeNull();
  });

  it('returns the features of the project tenant', async () => {
    const w = await createProjectWorld(app);
    expect(
      (await w.call('member', 'GET', `${base}/projects/${w.sub.project_unit_id}/features`)).json().features,
    ).toEqual(defaultFeatures);
  });
});
