import fs from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Call, type HttpMethod } from '../../test/actors';
import { addMember, createUser } from '../../test/factories';
import { ifcBytes, pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { openTasksForNewUnit } from '../workflow/engine';
import { convertSettled } from './test-conversions';
import type { StateKey } from '../../../shared/schemas/project-unit';

const t = useFilesApp();
const fixture = path.join(import.meta.dirname, '../../seed/fixtures/IfcOpenHouse_IFC4.ifc');

type World = ProjectWorld & {
  drafterCall: Call<'drafter'>;
  asDrafter: (method: HttpMethod, url: string, payload?: unknown) => ReturnType<ProjectWorld['call']>;
};

/** A project whose approval lot waits for the reviewer (the external member) in the given state. */
async function reviewWorld(state: StateKey = 'ReviewPreliminaryDrawings'): Promise<World> {
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
  return { ...w, drafterCall: d.call, asDrafter: (m, u, p) => d.call('drafter', m, u, p) };
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

/** The text of a pdfkit PDF: every content stream inflated, the strings of its TJ operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      out.push(
        [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)]
          .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return out.join('\n');
}

const unitUrl = (w: ProjectWorld) => `/api/viewer/${w.root.project_unit_id}/${w.lot.project_unit_id}`;

describe('drawing review: topics', () => {
  let w: World;
  beforeAll(async () => {
    w = await reviewWorld();
    await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'Werkplan.pdf', pdfBytes('a'));
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

  it('keeps priority, due date and labels, bounded; changes them by PATCH', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title: 'Gefälle', ...body });
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json().messages)).toContain(message);
    };
    await refused({ priority: 'urgent' }, 'priority');
    await refused({ dueDate: '2026-02-30' }, 'VALIDATION.InvalidDate');
    await refused({ labels: Array.from({ length: 11 }, (_, i) => `L${i}`) }, 'VIEWER.Errors.TooManyLabels');
    await refused({ labels: ['x'.repeat(31)] }, 'VALIDATION.MaxLength');
    await refused({ labels: ['a;b'] }, 'VIEWER.Errors.LabelInvalid');
    const created = await w.call('member', 'POST', `${unitUrl(w)}/topics`, {
      title: 'Gefälle Dachterrasse',
      priority: 'high',
      dueDate: '2026-12-18',
      labels: [' Abdichtung ', 'abdichtung', 'Statik'],
    });
    expect(created.json()).toMatchObject({
      priority: 'high',
      dueDate: '2026-12-18',
      labels: ['Abdichtung', 'Statik'],
      carriedOverOn: null,
    });
    const plain = (await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title: 'Ohne alles' })).json();
    expect(plain).toMatchObject({ priority: 'normal', dueDate: null, labels: [] });
    const url = `${unitUrl(w)}/topics/${created.json().topicID}`;
    const changed = await w.asDrafter('PATCH', url, { priority: 'low', dueDate: null, labels: ['Statik'] });
    expect(changed.json()).toMatchObject({ priority: 'low', dueDate: null, labels: ['Statik'] });
    expect((await w.call('member', 'PATCH', url, { dueDate: '18.12.2026' })).statusCode).toBe(400);
    expect((await w.call('member', 'PATCH', url, { assigneeUserID: w.outsider.user_id })).statusCode).toBe(400);
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
      (await uploadFile(w.drafterCall, 'drafter', w.lot.project_unit_id, 'Werkplan.pdf', pdfBytes('b'))).statusCode,
    ).toBe(204);
    const submitted = await submit();
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().stateKey).toBe('ReviewRevisedDrawings');

    const stale = await decide('member', 'approve', 'ReviewPreliminaryDrawings');
    expect(stale.statusCode).toBe(409);

    // Approving with open topics needs a choice for each; without, it is refused and nothing changes.
    for (const title of ['Brüstungshöhe', 'Fensteranschluss']) {
      await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title });
    }
    const topics = async () =>
      new Map(
        (
          (await w.call('member', 'GET', `${unitUrl(w)}/topics`)).json().data as {
            topicID: number;
            title: string;
            status: string;
            carriedOverOn: string | null;
            comments: { text: string }[];
          }[]
        ).map((x) => [x.title, x]),
      );
    const ids = Object.fromEntries([...(await topics())].map(([title, x]) => [title, x.topicID]));
    const approve = (topicChoices?: unknown) =>
      w.call('member', 'POST', `${unitUrl(w)}/decision`, {
        decision: 'approve',
        stateKey: 'ReviewRevisedDrawings',
        topicChoices,
      });
    const none = await approve();
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      status: 400,
      code: 'ValidationFailed',
      messages: [{ message: 'VIEWER.Decision.Errors.ChoicesMissing', params: { count: 3 } }],
    });
    const partial = await approve([{ topicID: ids['Attika prüfen'], choice: 'resolve' }]);
    expect(partial.json().messages[0].params).toEqual({ count: 2 });
    const choices = [
      { topicID: ids['Attika prüfen'], choice: 'resolve' },
      { topicID: ids['Brüstungshöhe'], choice: 'carry-over' },
      { topicID: ids['Fensteranschluss'], choice: 'accept', comment: 'Detail folgt mit der Werkplanung' },
    ];
    const noComment = await approve([...choices.slice(0, 2), { topicID: ids['Fensteranschluss'], choice: 'accept' }]);
    expect(noComment.statusCode).toBe(400);
    expect(JSON.stringify(noComment.json().messages)).toContain('VIEWER.Decision.Errors.CommentRequired');
    const foreignTopic = await approve([...choices, { topicID: 99_999_999, choice: 'resolve' }]);
    expect(foreignTopic.json().messages[0].message).toBe('VIEWER.Decision.Errors.ChoiceNotOpen');
    const unchanged = await topics();
    expect([...unchanged.values()].map((x) => [x.status, x.carriedOverOn])).toEqual([
      ['open', null],
      ['open', null],
      ['open', null],
    ]);
    expect((await w.call('member', 'GET', `${unitUrl(w)}/sign-offs`)).json().data).toEqual([]);

    const approved = await approve(choices);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().stateKey).toBe('Finalized');
    const after = await topics();
    expect(after.get('Attika prüfen')?.status).toBe('resolved');
    expect(after.get('Brüstungshöhe')).toMatchObject({ status: 'open', carriedOverOn: expect.any(String) });
    expect(after.get('Fensteranschluss')?.status).toBe('open');
    expect(after.get('Fensteranschluss')?.comments.at(-1)?.text).toContain('Detail folgt mit der Werkplanung');
    const line = await lastJournalLine(w);
    expect(line).toContain('Brüstungshöhe');
    expect(line).toContain('Detail folgt mit der Werkplanung');

    // The sign-off record: who, when, which file version, which topics were open and what was chosen.
    const signOffs = (await w.call('member', 'GET', `${unitUrl(w)}/sign-offs`)).json().data;
    expect(signOffs).toHaveLength(1);
    expect(signOffs[0]).toMatchObject({
      stateKey: 'ReviewRevisedDrawings',
      signedByName: expect.any(String),
      files: [{ fileName: 'Werkplan.pdf', version: 1 }],
      topics: [
        { title: 'Attika prüfen', choice: 'resolve', comment: null },
        { title: 'Brüstungshöhe', choice: 'carry-over', comment: null },
        { title: 'Fensteranschluss', choice: 'accept', comment: 'Detail folgt mit der Werkplanung' },
      ],
    });
    const pdfUrl = `${unitUrl(w)}/sign-offs/${signOffs[0].signOffID}/pdf`;
    const pdf = await w.asDrafter('GET', pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Werkplan.pdf');
    expect(text).toMatch(/Versi(on|e) 1/);
    expect(text).toContain('Detail folgt mit der Werkplanung');
    for (const who of ['outsider', 'foreign'] as const) {
      expect((await w.call(who, 'GET', `${unitUrl(w)}/sign-offs`)).statusCode).toBe(404);
      expect((await w.call(who, 'GET', pdfUrl)).statusCode).toBe(404);
    }
    expect((await w.call('member', 'GET', `${unitUrl(w)}/sign-offs/99999999/pdf`)).statusCode).toBe(404);
  });
});

describe('drawing review: a decision through the plain state change', () => {
  it('runs the same guards, writes the same journal line and sign-off as in the viewer', async () => {
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

    const topic = (await w.call('member', 'POST', `${unitUrl(w)}/topics`, { title: 'Sturz über Fenster 3' })).json();
    expect((await change('approve', 'planner')).statusCode).toBe(403);
    // No choices can be given here: with an open topic the approval is refused.
    const open = await change('approve');
    expect(open.statusCode).toBe(400);
    expect(open.json().messages[0].message).toBe('VIEWER.Decision.Errors.ChoicesMissing');
    await w.call('member', 'PATCH', `${unitUrl(w)}/topics/${topic.topicID}`, { status: 'resolved' });
    const approved = await change('approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().stateKey).toBe('Finalized');
    expect(await lastJournalLine(w)).toMatch(/\(0 (offene Anmerkungen|open markups|open opmerkingen)\)/);
    const signOffs = (await w.call('member', 'GET', `${unitUrl(w)}/sign-offs`)).json().data;
    expect(signOffs).toMatchObject([{ stateKey: 'ReviewPreliminaryDrawings', files: [], topics: [] }]);
  });
});

describe('IFC conversion for the viewer', () => {
  it('converts an uploaded IFC in a worker; the viewer gets the fragments; a broken IFC fails with a reason', async () => {
    const w = await reviewWorld();
    const filesUrl = `/api/file/${w.root.project_unit_id}/${w.lot.project_unit_id}`;
    await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'Haus.ifc', fs.readFileSync(fixture));
    await uploadFile(w.call, 'planner', w.lot.project_unit_id, 'Kaputt.ifc', ifcBytes());
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
