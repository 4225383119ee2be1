import { beforeAll, describe, expect, it } from 'vitest';
import { createChildUnit } from '../../test/factories';
import { insertTestFile, useFilesApp } from '../files/test-upload';
import { createProjectWorld, type ProjectWorld } from '../projects/test-world';
import type { StateKey } from '../../../shared/schemas/project-unit';

const t = useFilesApp();

async function reviewLot(w: ProjectWorld, state: StateKey = 'ReviewPreliminaryDrawings') {
  return createChildUnit(w.db, w.sub, {
    project_unit_type: 'approvallot',
    title: `Lot ${Math.random().toString(36).slice(2, 8)}`,
    state_key: state,
    state_since: new Date(),
  });
}

const url = (w: ProjectWorld, unitId: number) => `/api/viewer/${w.root.project_unit_id}/${unitId}`;

const shapes = [
  { kind: 'cloud', page: 1, x1: 0.6, y1: 0.2, x2: 0.3, y2: 0.45 },
  { kind: 'line', page: 1, x1: 0, y1: 0, x2: 1, y2: 1 },
  {
    kind: 'polyline',
    page: 2,
    points: [
      [0.1, 0.1],
      [0.4, 0.15],
      [0.45, 0.6],
    ],
  },
  { kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'Brüstung 1,10 m <prüfen> & "ändern"' },
  { kind: 'measure', page: 1, x1: 0.25, y1: 0.5, x2: 0.75, y2: 0.5 },
];

const calibration = { x1: 0.25, y1: 0.5, x2: 0.75, y2: 0.5, pageWidth: 1190.55, pageHeight: 841.89, lengthMm: 10000 };

describe('markups beyond area and arrow, and the scale of a sheet', () => {
  let w: ProjectWorld;
  let unit: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number };
  let pdf: number;
  let base: string;

  beforeAll(async () => {
    w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    unit = await reviewLot(w);
    pdf = await insertTestFile(w.db, unit, 'Grundriss EG.pdf');
    base = url(w, unit.project_unit_id);
  });

  const topicCount = async () => (await w.call('member', 'GET', `${base}/topics`)).json().data.length as number;

  it('keeps cloud, line, polyline, text and measure markups as drawn', async () => {
    for (const markup of shapes) {
      const res = await w.call('member', 'POST', `${base}/topics`, { title: markup.kind, projectFileID: pdf, markup });
      expect(res.statusCode, markup.kind).toBe(200);
      expect(res.json().markup).toEqual(markup);
    }
  });

  it('refuses markups out of bounds with 400 and adds no topic', async () => {
    const before = await topicCount();
    const bad = [
      { kind: 'polyline', page: 1, points: [[0.1, 0.1]] },
      { kind: 'polyline', page: 1, points: Array.from({ length: 201 }, (_, i) => [i / 201, 0.5]) },
      {
        kind: 'polyline',
        page: 1,
        points: [
          [0.1, 0.1],
          [1.2, 0.5],
        ],
      },
      {
        kind: 'polyline',
        page: 1,
        points: [
          [0.1, 0.1, 0.3],
          [0.2, 0.5],
        ],
      },
      { kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'x'.repeat(201) },
      { kind: 'text', page: 1, x1: 0.5, y1: 0.5, text: 'zwei\nZeilen' },
      { kind: 'text', page: 1, x1: 0.5, y1: 0.5 },
      { kind: 'cloud', page: 1, x1: -0.1, y1: 0, x2: 0.5, y2: 0.5 },
      { kind: 'measure', page: 0, x1: 0, y1: 0, x2: 0.5, y2: 0.5 },
      { kind: 'line', page: 1, x1: 0, y1: 0 },
      { kind: 'ellipse', page: 1, x1: 0, y1: 0, x2: 0.5, y2: 0.5 },
    ];
    for (const markup of bad) {
      const res = await w.call('member', 'POST', `${base}/topics`, { title: 'x', projectFileID: pdf, markup });
      expect(res.statusCode, JSON.stringify(markup).slice(0, 60)).toBe(400);
    }
    const tooMany = await w.call('member', 'POST', `${base}/topics`, {
      title: 'x',
      markup: { kind: 'polyline', page: 1, points: Array.from({ length: 201 }, () => [0.5, 0.5]) },
    });
    expect(tooMany.json().messages.map((m: { message: string }) => m.message)).toContain(
      'VIEWER.Markup.Errors.TooManyPoints',
    );
    expect(await topicCount()).toBe(before);
  });

  it('keeps one scale per page for everyone; a new calibration replaces it', async () => {
    const cal = `${base}/files/${pdf}/versions/1/calibrations`;
    expect((await w.call('planner', 'GET', cal)).json()).toEqual({ data: [] });
    const saved = await w.call('member', 'PUT', `${cal}/1`, calibration);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ page: 1, ...calibration });
    expect(saved.json().calibratedByName).toBeTruthy();
    await w.call('member', 'PUT', `${cal}/3`, { ...calibration, lengthMm: 5000 });
    await w.call('planner', 'PUT', `${cal}/1`, { ...calibration, lengthMm: 20000 });
    const list = (await w.call('member', 'GET', cal)).json().data;
    expect(list.map((c: { page: number; lengthMm: number }) => [c.page, c.lengthMm])).toEqual([
      [1, 20000],
      [3, 5000],
    ]);
  });

  it('refuses bad calibrations with 400 and changes nothing', async () => {
    const cal = `${base}/files/${pdf}/versions/1/calibrations`;
    const before = (await w.call('member', 'GET', cal)).json();
    const bad: [string, unknown][] = [
      ['1', { ...calibration, lengthMm: 0 }],
      ['1', { ...calibration, lengthMm: 2e7 }],
      ['1', { ...calibration, lengthMm: 'zehn' }],
      ['1', { ...calibration, x2: 0.251 }],
      ['1', { ...calibration, x1: 1.5 }],
      ['1', { ...calibration, pageWidth: 0 }],
      ['1', { x1: 0, y1: 0, x2: 1, y2: 0 }],
      ['0', calibration],
      ['10001', calibration],
      ['x', calibration],
    ];
    for (const [page, body] of bad) {
      const res = await w.call('member', 'PUT', `${cal}/${page}`, body);
      expect(res.statusCode, `${page} ${JSON.stringify(body)}`).toBe(400);
    }
    const short = await w.call('member', 'PUT', `${cal}/1`, { ...calibration, x2: 0.251 });
    expect(short.json().messages.map((m: { message: string }) => m.message)).toContain(
      'VIEWER.Calibration.Errors.TooShort',
    );
    expect((await w.call('member', 'GET', cal)).json()).toEqual(before);
  });

  it('is open like the topics: 404 outside the unit, 403 to write once finalized, no model or missing version', async () => {
    const cal = `${base}/files/${pdf}/versions/1/calibrations`;
    expect((await w.call('foreign', 'GET', cal)).statusCode).toBe(404);
    expect((await w.call('outsider', 'GET', cal)).statusCode).toBe(404);
    expect((await w.call('foreign', 'PUT', `${cal}/2`, calibration)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', `${base}/files/${pdf}/versions/2/calibrations`)).statusCode).toBe(404);
    const model = await insertTestFile(w.db, unit, 'Modell.ifc');
    expect((await w.call('member', 'GET', `${base}/files/${model}/versions/1/calibrations`)).statusCode).toBe(404);
    // A file of another unit through this unit's address.
    const other = await reviewLot(w);
    const elsewhere = await insertTestFile(w.db, other, 'Schnitt.pdf');
    expect(
      (await w.call('member', 'PUT', `${base}/files/${elsewhere}/versions/1/calibrations/1`, calibration)).statusCode,
    ).toBe(404);

    const done = await reviewLot(w, 'Finalized');
    const donePdf = await insertTestFile(w.db, done, 'Ansicht.pdf');
    const doneCal = `${url(w, done.project_unit_id)}/files/${donePdf}/versions/1/calibrations`;
    expect((await w.call('member', 'GET', doneCal)).statusCode).toBe(200);
    expect((await w.call('member', 'PUT', `${doneCal}/1`, calibration)).statusCode).toBe(403);
    const rows = await w.db
      .selectFrom('sheet_calibrations')
      .select('page')
      .where('tenant_id', '=', unit.tenant_id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('round-trips the new markups and the 3D measure and section through BCF export and import', async () => {
    const viewpoint = {
      camera: { position: [10, -4.5, 7], direction: [-0.5, 0.5, -0.7], up: [0, 0, 1], fieldOfView: 55 },
      selection: [],
      lines: [{ start: [1.25, 0, 3.5], end: [6.75, 0, 3.5] }],
      clippingPlanes: [{ location: [0, 2.8, 0], direction: [0, 1, 0] }],
    };
    await w.call('member', 'POST', `${base}/topics`, { title: 'Schnitt', projectFileID: pdf, viewpoint });
    const exported = await w.call('member', 'GET', `${base}/bcf`);
    expect(exported.statusCode).toBe(200);

    const target = await reviewLot(w);
    await insertTestFile(w.db, target, 'Grundriss EG.pdf');
    const imported = await w.call('member', 'POST', `${url(w, target.project_unit_id)}/bcf`, exported.rawPayload, {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.json()).toEqual({ imported: shapes.length + 1, skipped: 0 });
    const shape = (x: { title: string; markup: unknown; viewpoint: unknown }) => [x.title, x.markup, x.viewpoint];
    const before = (await w.call('member', 'GET', `${base}/topics`)).json().data.map(shape);
    const after = (await w.call('member', 'GET', `${url(w, target.project_unit_id)}/topics`)).json().data.map(shape);
    expect(after).toEqual(before);
    expect(after.map((x: unknown[]) => (x[1] as { kind?: string } | null)?.kind ?? null)).toEqual([
      'cloud',
      'line',
      'polyline',
      'text',
      'measure',
      null,
    ]);
    expect(after.at(-1)[2]).toEqual(viewpoint);
  });
});
