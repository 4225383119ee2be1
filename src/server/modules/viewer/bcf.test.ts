import { ZipArchive } from 'archiver';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createChildUnit } from '../../test/factories';
import { listZipEntries } from '../files/zip-reader.test-helper';
import { pdfBytes, uploadFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import { bcfEntries } from './bcf-format';
import type { StateKey } from '../../../shared/schemas/project-unit';

const t = useFilesApp();

const url = (rootId: number, unitId: number) => `/api/viewer/${rootId}/${unitId}`;

async function reviewLot(w: ProjectWorld, state: StateKey = 'ReviewPreliminaryDrawings') {
  return createChildUnit(w.db, w.sub, {
    project_unit_type: 'approvallot',
    title: `OG ${Math.random().toString(36).slice(2, 8)}`,
    state_key: state,
    state_since: new Date(),
  });
}

function postArchive(w: ProjectWorld, who: keyof ProjectWorld['cookies'], unitId: number, body: Buffer) {
  return w.call(who, 'POST', `${url(w.root.project_unit_id, unitId)}/bcf`, body, {
    headers: { 'content-type': 'application/octet-stream' },
  });
}

async function zipOf(entries: { name: string; data: string }[]): Promise<Buffer> {
  const archive = new ZipArchive();
  for (const e of entries) archive.append(e.data, { name: e.name });
  void archive.finalize();
  return buffer(archive);
}

const viewpoint = {
  camera: { position: [10, -4.5, 7], direction: [-0.5, 0.5, -0.7], up: [0, 0, 1], fieldOfView: 55 },
  selection: ['2O2Fr$t4X7Zf8NOew3FLOH', '1hOSvn6df7F8_7GcBWlRGQ'],
};

type Topic = {
  guid: string;
  title: string;
  status: string;
  fileName: string | null;
  version: number | null;
  assigneeUserID: number | null;
  priority: string;
  dueDate: string | null;
  labels: string[];
  createdByName: string | null;
  createdOn: string;
  markup: unknown;
  viewpoint: unknown;
  importedFrom: Provenance;
  comments: { guid: string; authorName: string; text: string; createdOn: string; importedFrom: Provenance }[];
};
type Provenance = { author: string | null; createdOn: string | null } | null;
/** What an import carries over; who wrote it and when is the importer's, checked apart. */
const comparable = (topics: Topic[]) =>
  topics.map((x) => ({
    title: x.title,
    status: x.status,
    fileName: x.fileName,
    version: x.version,
    assigneeUserID: x.assigneeUserID,
    priority: x.priority,
    dueDate: x.dueDate,
    labels: x.labels,
    markup: x.markup,
    viewpoint: x.viewpoint,
    comments: x.comments.map((c) => ({ text: c.text })),
  }));

describe("BCF 3.0 export and import of a unit's topics", () => {
  let w: ProjectWorld;
  let source: number;
  let exported: Buffer;

  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    source = (await reviewLot(w)).project_unit_id;
    await uploadFile(w.call, 'planner', source, 'Werkplan & Schnitt.pdf', pdfBytes('a'));
    await uploadFile(w.call, 'planner', source, 'Werkplan & Schnitt.pdf', pdfBytes('b'));
    const files = (await w.call('member', 'GET', `/api/file/${w.root.project_unit_id}/${source}`)).json();
    const base = url(w.root.project_unit_id, source);
    const first = (
      await w.call('member', 'POST', `${base}/topics`, {
        title: 'Sturz <Achse B> fehlt',
        comment: 'Bitte "Sturz" & Auflager ergänzen.',
        projectFileID: files.data[0].projectFileID,
        version: 1,
        markup: { kind: 'area', page: 2, x1: 0.1, y1: 0.2, x2: 0.35, y2: 0.4 },
        assigneeUserID: w.planner.user_id,
        priority: 'high',
        dueDate: '2026-12-18',
        labels: ['Statik', 'Tür & Tor'],
      })
    ).json();
    await w.call('planner', 'POST', `${base}/topics/${first.topicID}/comments`, { text: 'Ergänzt in Index B.' });
    await w.call('planner', 'PATCH', `${base}/topics/${first.topicID}`, { status: 'resolved' });
    await w.call('member', 'POST', `${base}/topics`, { title: 'Attika im Modell prüfen', viewpoint });
  });

  it('exports bcf.version and one folder per topic with markup and viewpoint', async () => {
    const res = await w.call('member', 'GET', `${url(w.root.project_unit_id, source)}/bcf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain('.bcfzip');
    exported = res.rawPayload;
    const entries = await listZipEntries(exported);
    const names = entries.map((e) => e.name);
    expect(names).toContain('bcf.version');
    expect(entries.find((e) => e.name === 'bcf.version')?.data.toString()).toContain('VersionId="3.0"');
    const markups = entries.filter((e) => e.name.endsWith('/markup.bcf'));
    expect(markups).toHaveLength(2);
    const resolved = markups.map((m) => m.data.toString()).find((x) => x.includes('TopicStatus="Resolved"'));
    expect(resolved).toContain('<Title>Sturz &lt;Achse B&gt; fehlt</Title>');
    expect(resolved).toContain(`<AssignedTo>${w.planner.login}</AssignedTo>`);
    expect(resolved).toContain('<Comments>');
    expect(resolved).toContain('<Priority>High</Priority>');
    expect(resolved).toContain('<DueDate>2026-12-18T00:00:00Z</DueDate>');
    expect(resolved).toMatch(/<Labels>\s*<Label>Statik<\/Label>\s*<Label>Tür &amp; Tor<\/Label>\s*<\/Labels>/);
    const bcfv = entries.find((e) => e.name.endsWith('.bcfv'))?.data.toString() ?? '';
    expect(bcfv).toContain('<PerspectiveCamera>');
    expect(bcfv).toContain('IfcGuid="2O2Fr$t4X7Zf8NOew3FLOH"');
  });

  it('imports into a fresh unit: the same topics, comments, statuses and viewpoints', async () => {
    const fresh = (await reviewLot(w)).project_unit_id;
    await uploadFile(w.call, 'planner', fresh, 'Werkplan & Schnitt.pdf', pdfBytes('c'));
    await uploadFile(w.call, 'planner', fresh, 'Werkplan & Schnitt.pdf', pdfBytes('d'));
    const res = await postArchive(w, 'member', fresh, exported);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, skipped: 0 });
    const before: Topic[] = (await w.call('member', 'GET', `${url(w.root.project_unit_id, source)}/topics`)).json()
      .data;
    const after: Topic[] = (await w.call('member', 'GET', `${url(w.root.project_unit_id, fresh)}/topics`)).json().data;
    expect(comparable(after)).toEqual(comparable(before));
    // The copies are the importer's; the original authors and dates are provenance only.
    const importer = before[1]?.createdByName;
    for (const [i, topic] of after.entries()) {
      const original = before[i];
      expect(topic.createdByName).toBe(importer);
      expect(topic.createdOn).not.toBe(original?.createdOn);
      expect(topic.importedFrom?.createdOn).toBe(original?.createdOn);
      for (const [j, c] of topic.comments.entries()) {
        expect(c.authorName).toBe(importer);
        expect(c.importedFrom?.createdOn).toBe(original?.comments[j]?.createdOn);
      }
    }
    expect(after[0]?.importedFrom?.author).toBe(w.external.login);
    expect(after[0]?.comments.map((c) => c.importedFrom?.author)).toEqual([w.external.login, w.planner.login]);
    expect(after[0]?.fileName).toBe('Werkplan & Schnitt.pdf');
    expect(after[0]?.assigneeUserID).toBe(w.planner.user_id);
    expect(after[0]).toMatchObject({ priority: 'high', dueDate: '2026-12-18', labels: ['Statik', 'Tür & Tor'] });
    expect(after[1]).toMatchObject({ priority: 'normal', dueDate: null, labels: [] });
    // The guids stay unique: the copies got their own.
    expect(after.map((x: Topic) => x.guid)).not.toContain(before[0]?.guid);

    const again = await postArchive(w, 'member', fresh, exported);
    expect(again.json()).toEqual({ imported: 0, skipped: 2 });
  });

  it('importing the same archive into its own unit adds nothing', async () => {
    const res = await postArchive(w, 'member', source, exported);
    expect(res.json()).toEqual({ imported: 0, skipped: 2 });
  });

  it('refuses a broken archive and a non-zip with 400 and imports nothing', async () => {
    const target = (await reviewLot(w)).project_unit_id;
    const entries = await listZipEntries(exported);
    const broken = await zipOf(
      entries.map((e, i) =>
        // The last topic's markup is cut short: the topics before it must not be imported either.
        e.name.endsWith('/markup.bcf') && i === entries.length - 1 - (entries.at(-1)?.name.endsWith('.bcfv') ? 1 : 0)
          ? { name: e.name, data: e.data.toString().slice(0, 80) }
          : { name: e.name, data: e.data.toString() },
      ),
    );
    const cases: [Buffer, string][] = [
      [broken, 'VIEWER.Bcf.Errors.BrokenXml'],
      [Buffer.from('not a zip at all'), 'VIEWER.Bcf.Errors.NotZip'],
      [exported.subarray(0, exported.length - 30), 'VIEWER.Bcf.Errors.NotZip'],
      [await zipOf([{ name: 'readme.txt', data: 'x' }]), 'VIEWER.Bcf.Errors.NoVersion'],
      [
        await zipOf([
          {
            name: 'bcf.version',
            data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Version VersionId="3.0"/>',
          },
        ]),
        'VIEWER.Bcf.Errors.BrokenXml',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await postArchive(w, 'member', target, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().messages[0].message).toBe(message);
    }
    const list = (await w.call('member', 'GET', `${url(w.root.project_unit_id, target)}/topics`)).json();
    expect(list.data).toHaveLength(0);
  });

  it('is 404 for another tenant and 403 for a reader who may not write topics', async () => {
    expect((await w.call('foreign', 'GET', `${url(w.root.project_unit_id, source)}/bcf`)).statusCode).toBe(404);
    expect((await postArchive(w, 'foreign', source, exported)).statusCode).toBe(404);
    expect((await postArchive(w, 'outsider', source, exported)).statusCode).toBe(404);
    const finalized = (await reviewLot(w, 'Finalized')).project_unit_id;
    expect((await w.call('member', 'GET', `${url(w.root.project_unit_id, finalized)}/bcf`)).statusCode).toBe(200);
    const refused = await postArchive(w, 'member', finalized, exported);
    expect(refused.statusCode).toBe(403);
    const list = (await w.call('member', 'GET', `${url(w.root.project_unit_id, finalized)}/topics`)).json();
    expect(list.data).toHaveLength(0);
  });
});

describe('a BCF archive that names other people as authors', () => {
  it("records the importer at the import time; the archive's authors and dates are provenance only; journaled", async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const unit = (await reviewLot(w)).project_unit_id;
    const guid = crypto.randomUUID();
    const forged = await zipOf(
      bcfEntries([
        {
          guid,
          title: 'Freigabe erteilt',
          status: 'resolved',
          creationDate: new Date('2020-03-02T09:00:00Z'),
          creationAuthor: w.planner.login,
          assignedTo: null,
          priority: 'normal',
          dueDate: null,
          labels: [],
          description: null,
          fileName: null,
          version: null,
          markup: null,
          viewpoint: null,
          viewpointGuid: null,
          comments: [
            {
              guid: crypto.randomUUID(),
              date: new Date('2020-03-02T09:05:00Z'),
              author: w.planner.login,
              text: 'Freigegeben.',
            },
            {
              guid: crypto.randomUUID(),
              date: new Date('2020-03-02T09:10:00Z'),
              author: w.admin.login,
              text: 'Bestätigt.',
            },
          ],
        },
      ]),
    );
    const before = Date.now();
    const res = await postArchive(w, 'member', unit, forged);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 1, skipped: 0 });

    const [topic] = (await w.call('member', 'GET', `${url(w.root.project_unit_id, unit)}/topics`)).json()
      .data as Topic[];
    const row = await w.db
      .selectFrom('review_topics')
      .select(['created_by', 'created_at'])
      .where('project_unit_id', '=', unit)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(w.external.user_id);
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const comments = await w.db
      .selectFrom('review_comments as c')
      .innerJoin('review_topics as t', 't.review_topic_id', 'c.review_topic_id')
      .select(['c.author_user_id', 'c.created_at'])
      .where('t.project_unit_id', '=', unit)
      .execute();
    expect(comments.map((c) => c.author_user_id)).toEqual([w.external.user_id, w.external.user_id]);
    for (const c of comments) expect(new Date(c.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const importerName = topic?.comments[0]?.authorName;
    expect(topic?.createdByName).toBe(importerName);
    expect(topic?.createdByName).not.toContain(w.planner.login);
    expect(new Date(topic?.createdOn ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(topic?.importedFrom).toEqual({ author: w.planner.login, createdOn: '2020-03-02T09:00:00.000Z' });
    expect(topic?.comments.map((c) => c.importedFrom)).toEqual([
      { author: w.planner.login, createdOn: '2020-03-02T09:05:00.000Z' },
      { author: w.admin.login, createdOn: '2020-03-02T09:10:00.000Z' },
    ]);

    const journal = await w.db
      .selectFrom('project_unit_journal')
      .select(['user_id', 'content_json'])
      .where('project_unit_id', '=', unit)
      .execute();
    expect(journal).toHaveLength(1);
    expect(journal[0]?.user_id).toBe(w.external.user_id);
    expect(journal[0]?.content_json.additionalMessage).toMatch(/BCF/);

    // Exported again, the topic and its comments name the importer, not the archive's people.
    const exported = await w.call('member', 'GET', `${url(w.root.project_unit_id, unit)}/bcf`);
    const markup = (await listZipEntries(exported.rawPayload))
      .find((e) => e.name.endsWith('/markup.bcf'))
      ?.data.toString();
    expect(markup).toContain(`<CreationAuthor>${w.external.login}</CreationAuthor>`);
    expect(markup).not.toContain(w.planner.login);
    expect(markup).not.toContain(w.admin.login);
    expect(markup).not.toContain('2020-03-02');
  });

  it('reads BCF 2.1 priority, due date and labels; an assignee who is not a member is left out', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const unit = (await reviewLot(w)).project_unit_id;
    const topic = (guid: string, title: string, extra: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><Markup><Topic Guid="${guid}" TopicStatus="Open"><Title>${title}</Title>${extra}<CreationDate>2024-01-02T10:00:00Z</CreationDate></Topic></Markup>`;
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const archive = await zipOf([
      { name: 'bcf.version', data: '<?xml version="1.0"?><Version VersionId="2.1"/>' },
      {
        name: `${a}/markup.bcf`,
        data: topic(
          a,
          'Brandschutz',
          `<Priority>Critical</Priority><Labels>Brandschutz</Labels><Labels>${'x'.repeat(40)}</Labels><Labels>brandschutz</Labels><DueDate>2025-03-04T17:00:00+01:00</DueDate><AssignedTo>${w.outsider.login}</AssignedTo>`,
        ),
      },
      {
        name: `${b}/markup.bcf`,
        data: topic(
          b,
          'Gefälle',
          `<Priority>Minor</Priority><DueDate>kein Datum</DueDate><AssignedTo>${w.planner.login}</AssignedTo>`,
        ),
      },
    ]);
    expect((await postArchive(w, 'member', unit, archive)).json()).toEqual({ imported: 2, skipped: 0 });
    const topics = (await w.call('member', 'GET', `${url(w.root.project_unit_id, unit)}/topics`)).json()
      .data as Topic[];
    const byTitle = new Map(topics.map((x) => [x.title, x]));
    expect(byTitle.get('Brandschutz')).toMatchObject({
      priority: 'high',
      dueDate: '2025-03-04',
      labels: ['Brandschutz'],
      assigneeUserID: null,
    });
    expect(byTitle.get('Gefälle')).toMatchObject({
      priority: 'low',
      dueDate: null,
      labels: [],
      assigneeUserID: w.planner.user_id,
    });
  });
});

describe("the viewer's start page", () => {
  it('lists the readable units under review or done, newest first; nothing of other tenants', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const older = await reviewLot(w, 'Finalized');
    await w.db
      .updateTable('project_units')
      .set({ state_since: new Date(Date.now() - 86_400_000) })
      .where('project_unit_id', '=', older.project_unit_id)
      .execute();
    const newer = await reviewLot(w, 'ReviewPreliminaryDrawings');
    await w.call('member', 'POST', `${url(w.root.project_unit_id, newer.project_unit_id)}/topics`, { title: 'x' });
    await reviewLot(w, 'Structuring');
    const mine = (await w.call('member', 'GET', '/api/viewer/units')).json().data as {
      unitId: number;
      openTopics: number;
    }[];
    const ids = mine.map((u) => u.unitId);
    expect(ids).toContain(newer.project_unit_id);
    expect(ids.indexOf(newer.project_unit_id)).toBeLessThan(ids.indexOf(older.project_unit_id));
    expect(ids).not.toContain(w.lot.project_unit_id);
    expect(mine.find((u) => u.unitId === newer.project_unit_id)?.openTopics).toBe(1);
    const foreign = (await w.call('foreign', 'GET', '/api/viewer/units')).json().data as { rootId: number }[];
    expect(foreign.map((u) => u.rootId)).not.toContain(w.root.project_unit_id);
    const outsider = (await w.call('outsider', 'GET', '/api/viewer/units')).json().data as { rootId: number }[];
    expect(outsider.map((u) => u.rootId)).not.toContain(w.root.project_unit_id);
  });
});
