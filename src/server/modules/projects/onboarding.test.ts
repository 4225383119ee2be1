import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { onboardingWorld } from './test-onboarding-world';
import { base } from './test-world';
import { nextRootNo } from './unit-numbers';

describe('root projects', () => {
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

    // The same rule on rename: another project's title is refused, its own title in other case is fine.
    const renamed = byAdmin.json().projectUnitID as number;
    const rename = (title: string) => w.call('admin', 'PUT', `${base}/projects/${renamed}`, { title });
    const clash = await rename('koordiniert');
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'DuplicateElement',
      messages: [{ message: 'PROJECT.Duplicate.Message', reference: 'koordiniert' }],
    });
    expect((await rename('VOM ADMIN')).statusCode).toBe(200);
    expect((await rename('Koordiniert am See')).json()).toMatchObject({ title: 'Koordiniert am See' });
    const otherTenantRoot = sameTitleElsewhere.json().projectUnitID as number;
    const otherRename = await w.call('otherPlanner', 'PUT', `${base}/projects/${otherTenantRoot}`, {
      title: 'Vom Admin',
    });
    expect(otherRename.statusCode).toBe(200);
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
});
