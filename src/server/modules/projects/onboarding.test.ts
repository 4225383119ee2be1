import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createSalesOrg, createUser, createWorld } from '../../test/factories';
import { base, defaultFeatures } from './test-world';
import { nextRootNo } from './unit-numbers';

/** A fresh tenant with a sales planner, a coordinator, staff, external users and another tenant. */
async function onboardingWorld(app: FastifyInstance) {
  const db = await getTestDatabase();
  const world = await createWorld(db, defaultFeatures);
  const tenantId = world.tenant.tenant_id;
  const salesOrg = await createSalesOrg(db, tenantId, { title: 'Vertrieb Nord' });
  const planner = await createUser(db, tenantId, {
    is_internal: true,
    role_keys: ['salesPlanner'],
    first_name: 'Paula',
    last_name: 'Planer',
    sales_org_id: salesOrg.sales_org_id,
  });
  const coordinator = await createUser(db, tenantId, {
    is_internal: true,
    role_keys: ['projectCoordinator'],
    last_name: 'Koordinator',
  });
  const drafter = await createUser(db, tenantId, { is_internal: true, role_keys: ['drafter'], last_name: 'Zeichner' });
  const reviewer = await createUser(db, tenantId, { language: 'en', first_name: 'Rita', last_name: 'Reviewer' });
  const processor = await createUser(db, tenantId, { language: 'nl', last_name: 'Verwerker' });
  // An external user holding a creator role in the tenant still may not create projects.
  const externalPlanner = await createUser(db, tenantId, { role_keys: ['salesPlanner'] });
  const other = await createWorld(db, defaultFeatures);
  const otherSalesOrg = await createSalesOrg(db, other.tenant.tenant_id);
  const otherPlanner = await createUser(db, other.tenant.tenant_id, { is_internal: true, role_keys: ['salesPlanner'] });
  const actors = {
    planner,
    coordinator,
    drafter,
    reviewer,
    processor,
    externalPlanner,
    internal: world.internal,
    admin: world.admin,
    otherPlanner,
    otherAdmin: other.admin,
  };
  const { call } = await signInActors(app, actors);
  const outbox = (recipient: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', recipient)
      .orderBy('mail_id')
      .execute();
  const openTasks = (unitId: number) =>
    db
      .selectFrom('tasks')
      .select(['user_id', 'task_key'])
      .where('project_unit_id', '=', unitId)
      .where('closed_at', 'is', null)
      .orderBy('user_id')
      .execute();
  const journal = (rootId: number) =>
    db
      .selectFrom('project_unit_journal')
      .select(['content_json', 'user_id'])
      .where('root_project_unit_id', '=', rootId)
      .orderBy('project_units_journal_id')
      .execute();
  const project = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    salesOrgID: salesOrg.sales_org_id,
    ...extra,
  });
  return {
    db,
    ...world,
    salesOrg,
    otherSalesOrg,
    other,
    planner,
    coordinator,
    drafter,
    reviewer,
    processor,
    call,
    outbox,
    openTasks,
    journal,
    project,
  };
}

describe('root projects and members', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('a sales planner creates a project: number, Structuring with its tasks, site data, members, journal, mail', async () => {
    const w = await onboardingWorld(app);
    const context = await w.call('planner', 'GET', `${base}/projects/creation-context`);
    expect(context.json()).toEqual({
      canCreate: true,
      salesOrgs: [{ salesOrgID: w.salesOrg.sales_org_id, title: 'Vertrieb Nord' }],
      defaultSalesOrgID: w.salesOrg.sales_org_id,
    });
    const res = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('  Wohnpark Am See ', {
        isBim: true,
        notes: 'Drei Häuser',
        siteAddress: { name: 'Baustelle', street1: 'Seeweg 1', zip: '30159', city: 'Hannover', country: '' },
        siteContact: { name: 'Bauleitung', officePhone: '+49 511 1', officeEMail: 'bau@example.com' },
        members: [
          { userID: w.reviewer.user_id, memberRoleKeys: ['reviewer'] },
          { userID: w.processor.user_id, memberRoleKeys: ['process planner', 'process planner'] },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const { projectUnitID: id, projectUnitNo } = res.json();
    expect(projectUnitNo).toBe('2026-0001');

    const unit = (await w.call('planner', 'GET', `${base}/projects/${id}`)).json();
    expect(unit).toMatchObject({
      projectUnitID: id,
      rootProjectUnitID: id,
      parentProjectUnitID: null,
      projectUnitType: 'project',
      projectUnitNo: '2026-0001',
      title: 'Wohnpark Am See',
      notes: 'Drei Häuser',
      stateKey: 'Structuring',
      salesOrgID: w.salesOrg.sales_org_id,
      siteAddress: { name: 'Baustelle', street1: 'Seeweg 1', zip: '30159', city: 'Hannover', country: null },
      abilities: { isSalesPlanner: true },
    });
    const row = await w.db
      .selectFrom('project_units')
      .select(['is_bim', 'site_contact_id'])
      .where('project_unit_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_bim).toBe(true);
    const contact = (await w.call('planner', 'GET', `${base}/contacts/${row.site_contact_id}`)).json();
    expect(contact).toMatchObject({ name: 'Bauleitung', officeEMail: 'bau@example.com' });

    const members = (await w.call('reviewer', 'GET', `${base}/projects/${id}/members`)).json().data;
    expect(
      members.map((m: { userID: number; memberRoleKeys: string[] }) => [m.userID, m.memberRoleKeys]).sort(),
    ).toEqual(
      [
        [w.planner.user_id, ['salesPlanner']],
        [w.reviewer.user_id, ['reviewer']],
        [w.processor.user_id, ['process planner']],
      ].sort(),
    );
    // Structuring is the processor side's task (DESIGN.md §3).
    expect(await w.openTasks(id)).toEqual([{ user_id: w.processor.user_id, task_key: 'Structuring' }]);
    const entries = await w.journal(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: w.planner.user_id,
      content_json: { oldState: null, newState: 'Structuring', additionalMessage: 'Projekt 2026-0001 angelegt' },
    });
    // Each added member is told in their own language, with a link; the creator is not.
    const [mail] = await w.outbox(w.reviewer.login);
    expect(mail?.subject).toBe('You were added to project 2026-0001 Wohnpark Am See');
    expect(mail?.text_body).toContain('Paula Planer added you to project 2026-0001');
    expect(mail?.text_body).toContain(`/home/app/project/details/${id}`);
    expect((await w.outbox(w.processor.login))[0]?.subject).toBe(
      'U bent toegevoegd aan project 2026-0001 Wohnpark Am See',
    );
    expect(await w.outbox(w.planner.login)).toHaveLength(0);
    // The new project is in the reviewer's current projects.
    const list = (await w.call('reviewer', 'GET', `${base}/projectlist/current?$count=true`)).json();
    expect(list.data.map((p: { projectUnitID: number }) => p.projectUnitID)).toContain(id);
  });

  it('who may create: internal sales planners, coordinators and admins; nobody else; only in their own tenant', async () => {
    const w = await onboardingWorld(app);
    for (const who of ['externalPlanner', 'reviewer', 'internal', 'drafter'] as const) {
      const res = await w.call(who, 'POST', `${base}/root-projects`, w.project(`Nicht ${who}`));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('NotAllowed');
      expect((await w.call(who, 'GET', `${base}/projects/creation-context`)).json().canCreate).toBe(false);
      expect((await w.call(who, 'GET', `${base}/projects/member-candidates`)).statusCode).toBe(403);
    }
    expect((await w.call('coordinator', 'POST', `${base}/root-projects`, w.project('Koordiniert'))).statusCode).toBe(
      200,
    );
    const byAdmin = await w.call('admin', 'POST', `${base}/root-projects`, w.project('Vom Admin'));
    expect(byAdmin.statusCode).toBe(200);
    // An admin without a role in the tenant joins as project coordinator.
    const adminMembers = (
      await w.call('admin', 'GET', `${base}/projects/${byAdmin.json().projectUnitID}/members`)
    ).json();
    expect(adminMembers.data[0].memberRoleKeys).toEqual(['projectCoordinator']);

    // Another tenant's sales organisation or user: 404, nothing created.
    const foreignOrg = await w.call('planner', 'POST', `${base}/root-projects`, {
      ...w.project('Fremd'),
      salesOrgID: w.otherSalesOrg.sales_org_id,
    });
    expect(foreignOrg.statusCode).toBe(404);
    const foreignMember = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Fremd', { members: [{ userID: w.other.external.user_id, memberRoleKeys: ['reviewer'] }] }),
    );
    expect(foreignMember.statusCode).toBe(404);
    expect((await w.call('otherAdmin', 'POST', `${base}/root-projects`, w.project('Fremd'))).statusCode).toBe(404);
    // Bad input is a 400 in the error shape.
    const empty = await w.call('planner', 'POST', `${base}/root-projects`, w.project('  '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'ValidationFailed' });
    const badRole = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Rolle', { members: [{ userID: w.reviewer.user_id, memberRoleKeys: ['boss'] }] }),
    );
    expect(badRole.statusCode).toBe(400);
    // Titles are unique per tenant, case-insensitively; another tenant may use the same title.
    const dup = await w.call('planner', 'POST', `${base}/root-projects`, w.project('KOORDINIERT'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'DuplicateElement',
      messages: [{ message: 'PROJECT.Duplicate.Message', reference: 'KOORDINIERT' }],
    });
    const sameTitleElsewhere = await w.call('otherPlanner', 'POST', `${base}/root-projects`, {
      title: 'Koordiniert',
      salesOrgID: w.otherSalesOrg.sales_org_id,
    });
    expect(sameTitleElsewhere.statusCode).toBe(200);
    expect(sameTitleElsewhere.json().projectUnitNo).toBe('2026-0001');
  });

  it('numbers are never handed out again after a delete, neither for projects nor for child units', async () => {
    const w = await onboardingWorld(app);
    const first = (await w.call('planner', 'POST', `${base}/root-projects`, w.project('Eins'))).json();
    const second = (await w.call('planner', 'POST', `${base}/root-projects`, w.project('Zwei'))).json();
    expect([first.projectUnitNo, second.projectUnitNo]).toEqual(['2026-0001', '2026-0002']);
    await w.db.deleteFrom('project_units').where('project_unit_id', '=', second.projectUnitID).execute();
    const third = (await w.call('planner', 'POST', `${base}/root-projects`, w.project('Drei'))).json();
    expect(third.projectUnitNo).toBe('2026-0003');

    const child = (title: string) =>
      w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: first.projectUnitID,
        projectUnitType: 'subproject',
        title,
      });
    const a = (await child('Haus A')).json();
    const b = (await child('Haus B')).json();
    expect((await w.call('planner', 'DELETE', `${base}/projects/${b.projectUnitID}`)).statusCode).toBe(200);
    const c = (await child('Haus C')).json();
    const numbers = await w.db
      .selectFrom('project_units')
      .select('project_unit_no')
      .where('project_unit_id', 'in', [a.projectUnitID, c.projectUnitID])
      .orderBy('project_unit_id')
      .execute();
    expect(numbers.map((n) => n.project_unit_no)).toEqual(['2026-0001-01', '2026-0001-03']);

    // A year starts a new sequence.
    const next = await w.db.transaction().execute((trx) => nextRootNo(trx, w.tenant.tenant_id, 2027));
    expect(next).toBe('2027-0001');
  });

  it('parallel creation hands out each number once', async () => {
    const w = await onboardingWorld(app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        w.call(i % 2 ? 'planner' : 'coordinator', 'POST', `${base}/root-projects`, w.project(`Parallel ${i}`)),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const numbers = results.map((r) => r.json().projectUnitNo).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(4, '0')}`));
    // The same title at once: exactly one wins.
    const same = await Promise.all(
      Array.from({ length: 4 }, () => w.call('planner', 'POST', `${base}/root-projects`, w.project('Zugleich'))),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('members: internal users add, change and remove; tasks follow the roles; journaled and mailed', async () => {
    const w = await onboardingWorld(app);
    const { projectUnitID: id } = (
      await w.call(
        'planner',
        'POST',
        `${base}/root-projects`,
        w.project('Mitglieder', {
          members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }],
        }),
      )
    ).json();
    // Nobody holds the processor side yet: the internal members hold the Structuring task.
    expect((await w.openTasks(id)).map((t) => t.user_id).sort()).toEqual(
      [w.planner.user_id, w.coordinator.user_id].sort(),
    );

    const candidates = await w.call(
      'planner',
      'GET',
      `${base}/projects/${id}/member-candidates?$filter=${encodeURIComponent("contains(lastName,'Reviewer')")}`,
    );
    expect(candidates.json().data).toEqual([
      expect.objectContaining({ userID: w.reviewer.user_id, firstName: 'Rita', isInternal: false }),
    ]);
    const all = (await w.call('planner', 'GET', `${base}/projects/${id}/member-candidates?$top=50`)).json().data;
    expect(all.map((c: { userID: number }) => c.userID)).not.toContain(w.coordinator.user_id);

    // Add: the reviewer gets no Structuring task; the processor does.
    const add = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: w.reviewer.user_id,
      memberRoleKeys: ['reviewer'],
    });
    expect(add.statusCode).toBe(200);
    expect((await w.call('reviewer', 'GET', `${base}/projects/${id}`)).statusCode).toBe(200);
    const [mail] = await w.outbox(w.reviewer.login);
    expect(mail?.subject).toBe('You were added to project 2026-0001 Mitglieder');
    expect(mail?.text_body).toContain(`/home/app/project/details/${id}`);
    const again = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: w.reviewer.user_id,
      memberRoleKeys: ['reviewer'],
    });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await w.call('coordinator', 'POST', `${base}/projects/${id}/members`, {
          userID: w.processor.user_id,
          memberRoleKeys: ['process planner'],
        })
      ).statusCode,
    ).toBe(200);
    expect((await w.openTasks(id)).map((t) => t.user_id)).toContain(w.processor.user_id);

    // Change roles: the reviewer becomes a customer (processor side) and gets the task; the
    // processor becomes a reviewer and hands theirs over to the remaining holders of the role.
    const toCustomer = await w.call('planner', 'PUT', `${base}/projects/${id}/members/${w.reviewer.user_id}`, {
      memberRoleKeys: ['customer'],
    });
    expect(toCustomer.statusCode).toBe(200);
    expect((await w.openTasks(id)).map((t) => t.user_id)).toContain(w.reviewer.user_id);
    await w.call('planner', 'PUT', `${base}/projects/${id}/members/${w.processor.user_id}`, {
      memberRoleKeys: ['reviewer'],
    });
    expect((await w.openTasks(id)).map((t) => t.user_id)).not.toContain(w.processor.user_id);

    // Remove: the last processor-side member's task goes to the project coordinator; access ends at once.
    const removed = await w.call('planner', 'DELETE', `${base}/projects/${id}/members/${w.reviewer.user_id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().movedTasks).toBe(1);
    expect((await w.openTasks(id)).map((t) => t.user_id)).not.toContain(w.reviewer.user_id);
    expect((await w.openTasks(id)).map((t) => t.user_id)).toContain(w.coordinator.user_id);
    const gone = await w.call('reviewer', 'GET', `${base}/projects/${id}`);
    expect(gone.statusCode).toBe(404);
    expect((await w.call('planner', 'DELETE', `${base}/projects/${id}/members/${w.reviewer.user_id}`)).statusCode).toBe(
      404,
    );

    const messages = (await w.journal(id)).map((e) => e.content_json.additionalMessage);
    expect(messages).toEqual([
      'Projekt 2026-0001 angelegt',
      'Mitglied hinzugefügt: Rita Reviewer (Prüfer)',
      'Mitglied hinzugefügt: Test Verwerker (Verarbeiter)',
      'Rollen geändert: Rita Reviewer (Kunde)',
      'Rollen geändert: Test Verwerker (Prüfer)',
      'Mitglied entfernt: Rita Reviewer – 1 offene Aufgabe(n) übertragen',
    ]);
  });

  it('members: access — external members 403, other tenants and child units 404, bad input 400', async () => {
    const w = await onboardingWorld(app);
    const { projectUnitID: id } = (
      await w.call(
        'planner',
        'POST',
        `${base}/root-projects`,
        w.project('Zugriff', { members: [{ userID: w.reviewer.user_id, memberRoleKeys: ['reviewer'] }] }),
      )
    ).json();
    const add = { userID: w.processor.user_id, memberRoleKeys: ['process planner'] };
    const asReviewer = await w.call('reviewer', 'POST', `${base}/projects/${id}/members`, add);
    expect(asReviewer.statusCode).toBe(403);
    expect((await w.call('reviewer', 'DELETE', `${base}/projects/${id}/members/${w.planner.user_id}`)).statusCode).toBe(
      403,
    );
    expect((await w.call('reviewer', 'GET', `${base}/projects/${id}/member-candidates`)).statusCode).toBe(403);
    // A non-member external user does not see that the project exists.
    expect((await w.call('processor', 'POST', `${base}/projects/${id}/members`, add)).statusCode).toBe(404);
    for (const who of ['otherPlanner', 'otherAdmin'] as const) {
      const res = await w.call(who, 'POST', `${base}/projects/${id}/members`, add);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NotFound', messages: [{ message: 'ERRORMESSAGES.NotFound' }] });
      expect((await w.call(who, 'PUT', `${base}/projects/${id}/members/${w.reviewer.user_id}`, add)).statusCode).toBe(
        404,
      );
    }
    // A user of another tenant cannot be added; a child unit is not the place for members.
    const foreignUser = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: w.other.external.user_id,
      memberRoleKeys: ['reviewer'],
    });
    expect(foreignUser.statusCode).toBe(404);
    const sub = (
      await w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: id,
        projectUnitType: 'subproject',
        title: 'Haus',
      })
    ).json();
    expect((await w.call('planner', 'POST', `${base}/projects/${sub.projectUnitID}/members`, add)).statusCode).toBe(
      404,
    );
    const noRole = await w.call('planner', 'POST', `${base}/projects/${id}/members`, { ...add, memberRoleKeys: [] });
    expect(noRole.statusCode).toBe(400);
    expect((await w.call('internal', 'POST', `${base}/projects/${id}/members`, add)).statusCode).toBe(200);
    const outbox = await w.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('tenant_id', '=', w.other.tenant.tenant_id)
      .execute();
    expect(outbox).toHaveLength(0);
  });

  it('drawing jobs under approval lots by internal users; folders by anyone who may edit, always deletable', async () => {
    const w = await onboardingWorld(app);
    const { projectUnitID: id } = (
      await w.call(
        'planner',
        'POST',
        `${base}/root-projects`,
        w.project('Zeichnungen', {
          members: [
            { userID: w.reviewer.user_id, memberRoleKeys: ['reviewer'] },
            { userID: w.drafter.user_id, memberRoleKeys: ['drafter'] },
          ],
        }),
      )
    ).json();
    const create = (who: 'planner' | 'reviewer' | 'drafter', parent: number, type: string, title: string) =>
      w.call(who, 'POST', `${base}/projects`, { parentProjectUnitID: parent, projectUnitType: type, title });
    const sub = (await create('planner', id, 'subproject', 'Haus A')).json().projectUnitID;
    const lot = (await create('planner', sub, 'approvallot', 'EG')).json().projectUnitID;

    const external = await create('reviewer', lot, 'drawingjob', 'Wände EG');
    expect(external.statusCode).toBe(403);
    expect((await create('planner', sub, 'drawingjob', 'Falsch')).statusCode).toBe(400);
    const job = await create('drafter', lot, 'drawingjob', 'Wände EG');
    expect(job.statusCode).toBe(200);
    const jobId = job.json().projectUnitID;
    const jobUnit = (await w.call('reviewer', 'GET', `${base}/projects/${jobId}`)).json();
    expect(jobUnit).toMatchObject({ projectUnitType: 'drawingjob', stateKey: 'CheckDataMissing' });
    expect(await w.openTasks(jobId)).toEqual([{ user_id: w.drafter.user_id, task_key: 'CheckDataMissing' }]);
    expect((await create('drafter', lot, 'drawingjob', 'wände eg')).statusCode).toBe(409);

    // Folders: under the project, a subproject or an approval lot, by whoever may edit that unit;
    // not under a folder or a drawing job.
    expect((await create('reviewer', id, 'folder', 'Pläne')).statusCode).toBe(403);
    expect((await create('planner', id, 'folder', 'Pläne')).statusCode).toBe(200);
    const folders: number[] = [];
    for (const parent of [sub, lot]) {
      const folder = await create('reviewer', parent, 'folder', 'Pläne');
      expect(folder.statusCode, String(parent)).toBe(200);
      folders.push(folder.json().projectUnitID);
      expect((await create('reviewer', folder.json().projectUnitID, 'folder', 'Tiefer')).statusCode).toBe(400);
    }
    // After Structuring the member may no longer add one, but a folder stays deletable.
    await w.db.updateTable('project_units').set({ state_key: 'Preparing' }).where('project_unit_id', '=', id).execute();
    expect((await create('reviewer', sub, 'folder', 'Später')).statusCode).toBe(403);
    for (const folderId of folders) {
      const detail = (await w.call('reviewer', 'GET', `${base}/projects/${folderId}`)).json();
      expect(detail.abilities.delete).toBe('allowed');
      expect((await w.call('reviewer', 'DELETE', `${base}/projects/${folderId}`)).statusCode).toBe(200);
    }
    expect((await create('reviewer', jobId, 'folder', 'Nein')).statusCode).toBe(400);

    // The delete confirmation of a folder names the files that go with it.
    const withFiles = (await create('planner', sub, 'folder', 'Mit Dateien')).json().projectUnitID;
    for (const name of ['b-plan.pdf', 'a-plan.pdf']) {
      await w.db
        .insertInto('project_files')
        .values({
          tenant_id: w.tenant.tenant_id,
          root_project_unit_id: id,
          project_unit_id: withFiles,
          name,
          name_key: name,
          created_at: new Date(),
        })
        .execute();
    }
    const folderDetail = (await w.call('reviewer', 'GET', `${base}/projects/${withFiles}`)).json();
    expect(folderDetail.deleteFileNames).toEqual(['a-plan.pdf', 'b-plan.pdf']);
    expect((await w.call('reviewer', 'GET', `${base}/projects/${sub}`)).json().deleteFileNames).toEqual([]);
    expect((await w.call('reviewer', 'DELETE', `${base}/projects/${withFiles}`)).statusCode).toBe(200);
  });
});
