import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { onboardingWorld } from './test-onboarding-world';
import { base } from './test-world';

describe('project members, drawing jobs and folders', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

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
      'Mitglied entfernt: Rita Reviewer – 1 offene Aufgabe übertragen',
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
