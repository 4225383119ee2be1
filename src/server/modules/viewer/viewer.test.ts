import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type HttpMethod } from '../../test/actors';
import { addMember, createUser } from '../../test/factories';
import { ifcBytes, pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { openTasksForNewUnit } from '../workflow/engine';
import { convertSettled } from './test-conversions';

const t = useFilesApp();
const fixture = path.join(import.meta.dirname, '../../seed/fixtures/IfcOpenHouse_IFC4.ifc');

type World = ProjectWorld & {
  drafterCookie: string;
  asDrafter: (method: HttpMethod, url: string, payload?: unknown) => ReturnType<ProjectWorld['call']>;
};

/** A project whose approval lot waits for the reviewer (the external member) in the given state. */
async function reviewWorld(state = 'ReviewPreliminaryDrawings'): Promise<World> {
  const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
  const drafter = await createUser(w.db, w.tenant.tenant_id, { is_internal: false });
  await addMember(w.db, w.root.project_unit_id, drafter.user_id, ['drafter']);
  await w.db
    .updateTable('project_units')
    .set({ state_key: state, state_since: new Date(Date.now() - 60_000) })
    .where('project_unit_id', '=', w.lot.project_unit_id)
    .execute();
  await openTasksForNewUnit(w.db, w.lot.project_unit_id, new Date());
  const d = await signInActors(t.app, { drafter });
  return { ...w, drafterCookie: d.cookies.drafter, asDrafter: (m, u, p) => d.call('drafter', m, u, p) };
}

/** The unit's newest journal entry, as text. */
async function lastJournalLine(w: ProjectWorld): Promise<string> {
  const journal = await w.db
    .selectFrom('project_unit_journal')
    .select('content_json')
    .where('project_unit_id', '=', w.lot.project_unit_id)
    .orderBy('project_units_journal_id', 'desc')
    .executeTakeFirstOrThrow();
  return JSON.stringify(journal.content_json);
}

const unitUrl = (w: ProjectWorld) => `/api/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}`;

describe('drawing review: topics', () => {
  let w: World;
  beforeAll(async () => {
    w = await reviewWorld();
    await uploadFile(t.app, w.cookies.planner, w.lot.project_unit_id, 'Werkplan.pdf', pdfBytes('a'));
  });

  it('a reviewer raises a topic with an area on a PDF page; the drafter answers and resolves it', async () => {
    const files = (
      await w.call('member', 'GET', `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}`)
    ).json();
    const fileId = files.data[0].projectFileID;
    const created = await w.call('member', 'POST', `${unitUrl(w)}/topics`, {
      title: 'Sturz über Tür fehlt',
      comment: 'Bitte Sturz Achse B ergänzen.',
      projectFileID: fileId,
      markup: { kind: 'area', page: 2, x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 },
      assigneeUserID: w.planner.user_id,
    });
    expect(created.statusCode).toBe(200);
    const topic = created.json();
    expect(topic).toMatchObject({
      title: 'Sturz über Tür fehlt',
      status: 'open',
      version: 1,
      fileName: 'Werkplan.pdf',
    });
    expect(topic.markup).toEqual({ kind: 'area', page: 2, x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 });
    expect(topic.comments).toHaveLength(1);

    const answered = await w.asDrafter('POST', `${unitUrl(w)}/topics/${topic.topicID}/comments`, { text: 'Ergänzt.' });
    expect(answered.json().comments.map((c: { text: string }) => c.text)).toEqual([
      'Bitte Sturz Achse B ergänzen.',
      'Ergänzt.',
    ]);
    const resolved = await w.asDrafter('PATCH', `${unitUrl(w)}/topics/${topic.topicID}`, { status: 'resolved' });
    expect(resolved.json().status).toBe('resolved');
    const list = (await w.call('planner', 'GET', `${unitUrl(w)}/topics`)).json();
    expect(list.canWrite).toBe(true);
    expect(list.data.map((x: { topicID: number }) => x.topicID)).toContain(topic.topicID);
  });

  it('refuses bad input with messages, never a 5xx', async () => {
    const bad = await w.call('member', 'POST', `${unitUrl(w)}/topics`, {
      title: '',
      markup: { kind: 'circle', page: 0, x1: 2, y1: 0, x2: 0, y2: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const notMember = await w.call('member', 'POST', `${unitUrl(w)}/topics`, {
      title: 'x',
      assigneeUserID: w.outsider.user_id,
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().messages[0].message).toBe('VIEWER.Errors.AssigneeNotMember');
  });

  it('is 404 for a non-member, another tenant and a unit of another root', async () => {
    expect((await w.call('outsider', 'GET', `${unitUrl(w)}/topics`)).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', `${unitUrl(w)}/topics`)).statusCode).toBe(404);
    expect((await w.call('foreign', 'POST', `${unitUrl(w)}/topics`, { title: 'x' })).statusCode).toBe(404);
    const wrongRoot = `/api/viewer/${w.other.tenant.tenant_id + 999999}/${w.lot.project_unit_id}/topics`;
    expect((await w.call('member', 'GET', wrongRoot)).statusCode).toBe(404);
  });

  it('is read-only once the drawings are finalized', async () => {
    const f = await reviewWorld('Finalized');
    const list = await f.call('member', 'GET', `${unitUrl(f)}/topics`);
    expect(list.statusCode).toBe(200);
    expect(list.json().canWrite).toBe(false);
    const refused = await f.call('member', 'POST', `${unitUrl(f)}/topics`, { title: 'Zu spät' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('drawing review: the decision is the workflow transition', () => {
  it('request revision needs a finding; the drafter needs a new version; the reviewer approves', async () => {
    const w = await reviewWorld();
    const decide = (who: 'member' | 'planner', decision: string, stateKey: string) =>
      w.call(who, 'POST', `${unitUrl(w)}/decision`, { decision, stateKey });

    const early = await decide('member', 'request-revision', 'ReviewPreliminaryDrawings');
    expect(early.statusCode).toBe(422);
    expect(early.json().messages[0].message).toBe('WORKFLOW.Guard.reviewHasFindings');

    await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title: 'Attika prüfen' });
    const asDrafter = await w.asDrafter('POST', `${unitUrl(w)}/decision`, {
      decision: 'request-revision',
      stateKey: 'ReviewPreliminaryDrawings',
    });
    expect(asDrafter.statusCode).toBe(403);
    // Only the task holder decides, not even an internal user without the task.
    const byPlanner = await decide('planner', 'request-revision', 'ReviewPreliminaryDrawings');
    expect(byPlanner.statusCode).toBe(403);
    expect(byPlanner.json().messages[0].message).toBe('WORKFLOW.NotTaskHolder');
    const requested = await decide('member', 'request-revision', 'ReviewPreliminaryDrawings');
    expect(requested.statusCode).toBe(200);
    expect(requested.json().stateKey).toBe('ReviseDrawings');
    expect(await lastJournalLine(w)).toContain('Attika prüfen');
    // The drafter, who now holds the revision task, gets the open topics and the way to the viewer.
    const mails = await w.db
      .selectFrom('mail_outbox as m')
      .innerJoin('users as u', 'u.email', 'm.recipient')
      .innerJoin('tasks as t', 't.user_id', 'u.user_id')
      .select(['m.subject', 'm.text_body'])
      .where('t.project_unit_id', '=', w.lot.project_unit_id)
      .where('t.state_key', '=', 'ReviseDrawings')
      .where('t.closed_at', 'is', null)
      .where('m.subject', 'like', `%${w.lot.project_unit_no}`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('1. Attika prüfen');
    expect(mails[0]?.text_body).toContain(`/home/app/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}/view`);

    const submit = () =>
      w.asDrafter('PUT', `/api/data/portal/projectunitstates/${w.lot.project_unit_id}`, {
        projectUnitID: w.lot.project_unit_id,
        stateKey: 'ReviseDrawings',
      });
    const noVersion = await submit();
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().messages[0].message).toBe('WORKFLOW.Guard.newVersionSinceRevision');
    expect(
      (await uploadFile(t.app, w.drafterCookie, w.lot.project_unit_id, 'Werkplan.pdf', pdfBytes('b'))).statusCode,
    ).toBe(204);
    const submitted = await submit();
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().stateKey).toBe('ReviewRevisedDrawings');

    const stale = await decide('member', 'approve', 'ReviewPreliminaryDrawings');
    expect(stale.statusCode).toBe(409);
    const approved = await decide('member', 'approve', 'ReviewRevisedDrawings');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().stateKey).toBe('Finalized');
  });
});

describe('drawing review: a decision through the plain state change', () => {
  it('runs the same guards and writes the same journal line as in the viewer', async () => {
    const w = await reviewWorld();
    const change = (requirements: string, who: 'member' | 'planner' = 'member') =>
      w.call(who, 'PUT', `/api/data/portal/projectunitstates/${w.lot.project_unit_id}`, {
        projectUnitID: w.lot.project_unit_id,
        stateKey: 'ReviewPreliminaryDrawings',
        requirements,
      });
    const refused = await change('request-revision');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages[0].message).toBe('WORKFLOW.Guard.reviewHasFindings');

    await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title: 'Sturz über Fenster 3' });
    expect((await change('approve', 'planner')).statusCode).toBe(403);
    const approved = await change('approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().stateKey).toBe('Finalized');
    expect(await lastJournalLine(w)).toMatch(/\(1 (offene Anmerkung|open markup|open opmerking)\)/);
  });
});

describe('IFC conversion for the viewer', () => {
  it('converts an uploaded IFC in a worker; the viewer gets the fragments; a broken IFC fails with a reason', async () => {
    const w = await reviewWorld();
    const filesUrl = `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}`;
    await uploadFile(t.app, w.cookies.planner, w.lot.project_unit_id, 'Haus.ifc', fs.readFileSync(fixture));
    await uploadFile(t.app, w.cookies.planner, w.lot.project_unit_id, 'Kaputt.ifc', ifcBytes());
    const listed = (await w.call('member', 'GET', filesUrl)).json().data as {
      versions: { projectFileVersionID: number }[];
    }[];
    await convertSettled(
      t.app.ctx,
      listed.flatMap((f) => f.versions.map((v) => v.projectFileVersionID)),
    );
    const files = (await w.call('member', 'GET', filesUrl)).json().data as {
      name: string;
      projectFileID: number;
      versions: { conversion: { status: string; reason: string | null } | null }[];
    }[];
    const byName = new Map(files.map((f) => [f.name, f]));
    expect(byName.get('Haus.ifc')?.versions[0]?.conversion).toEqual({ status: 'ready', reason: null });
    expect(byName.get('Kaputt.ifc')?.versions[0]?.conversion?.status).toBe('failed');
    expect(byName.get('Kaputt.ifc')?.versions[0]?.conversion?.reason).toMatch(/^VIEWER\.Conversion\.Failed\./);

    const fragments = await w.call(
      'member',
      'GET',
      `${unitUrl(w)}/files/${byName.get('Haus.ifc')?.projectFileID}/fragments`,
    );
    expect(fragments.statusCode).toBe(200);
    expect(fragments.rawPayload.length).toBeGreaterThan(1000);
    const broken = await w.call(
      'member',
      'GET',
      `${unitUrl(w)}/files/${byName.get('Kaputt.ifc')?.projectFileID}/fragments`,
    );
    // A failed conversion is final: 422 with the reason the file list shows.
    expect(broken.statusCode).toBe(422);
    expect(broken.json().messages[0].message).toBe(byName.get('Kaputt.ifc')?.versions[0]?.conversion?.reason);
    expect(
      (await w.call('foreign', 'GET', `${unitUrl(w)}/files/${byName.get('Haus.ifc')?.projectFileID}/fragments`))
        .statusCode,
    ).toBe(404);
    expect((await w.call('member', 'GET', '/api/health')).statusCode).toBeLessThan(500);
  }, 120_000);
});
