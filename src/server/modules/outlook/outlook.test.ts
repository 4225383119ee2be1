import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { createTestApp, signIn } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  createChildUnit,
  createProject,
  createSalesOrg,
  createUser,
  createWorld,
  TEST_PASSWORD,
} from '../../test/factories';

/**
 * Sunday 23:30 UTC is already Monday 00:30 in Berlin: the outlook starts with the week of
 * Monday 2026-12-07, so a volume on Sunday 2026-12-06 lies before it, and the 26th week is the
 * one of Monday 2027-05-31 (its Sunday 2027-06-06 counts, Monday 2027-06-07 does not).
 */
const NOW = new Date('2026-12-06T23:30:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

/** The two rows an insert returned, in order. */
function pair<T>(rows: T[]): [T, T] {
  const [a, b] = rows;
  if (a === undefined || b === undefined) throw new Error('expected two rows');
  return [a, b];
}

let app: FastifyInstance;
let db: Database;
let w: Awaited<ReturnType<typeof seed>>;
const cookies: Record<string, string> = {};

async function seed() {
  const world = await createWorld(db);
  const t = world.tenant.tenant_id;
  const soA = await createSalesOrg(db, t, { title: 'Nord' });
  const soB = await createSalesOrg(db, t, { title: 'Süd' });
  const [p1, p2] = pair(
    await db
      .insertInto('plants')
      .values([
        { tenant_id: t, name: 'Werk Eins', weekly_capacity: 80 },
        { tenant_id: t, name: 'Werk Zwei' },
      ])
      .returning(['plant_id'])
      .execute(),
  );
  const [t1, t2] = pair(
    await db
      .insertInto('product_types')
      .values([
        { tenant_id: t, title: 'Planblock' },
        { tenant_id: t, title: 'Element' },
      ])
      .returning(['product_type_id'])
      .execute(),
  );
  const userA = await createUser(db, t, { is_internal: true, sales_org_id: soA.sales_org_id });
  const userB = await createUser(db, t, { is_internal: true, sales_org_id: soB.sales_org_id });

  const lot = async (root: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number }) => {
    const sub = await createChildUnit(db, root, { project_unit_type: 'subproject', state_key: 'ProvideFiles' });
    return (materials: { type: string; volume: number; date: string | null }[], over = {}) =>
      createChildUnit(db, sub, { project_unit_type: 'approvallot', state_key: 'ProvideFiles', ...over }).then(
        async (u) => {
          for (const m of materials) {
            await db
              .insertInto('materials')
              .values({ project_unit_id: u.project_unit_id, type: m.type, volume: m.volume, delivery_date: m.date })
              .execute();
          }
          return u;
        },
      );
  };
  const deliveryLot = async (
    rootId: number,
    units: number[],
    requested: string,
    confirmed: string | null,
    title = 'LKW',
  ) => {
    const d = await db
      .insertInto('delivery_lots')
      .values({
        tenant_id: t,
        root_project_unit_id: rootId,
        title,
        requested_date: requested,
        confirmed_date: confirmed,
        delivery_type: 0,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('delivery_lot_id')
      .executeTakeFirstOrThrow();
    for (const id of units) {
      await db
        .insertInto('delivery_lot_units')
        .values({ delivery_lot_id: d.delivery_lot_id, project_unit_id: id })
        .execute();
    }
    return d.delivery_lot_id;
  };

  // X: Nord, Werk Eins, Planblock, AAC order placed.
  const x = await createProject(db, t, {
    title: 'Projekt X',
    sales_org_id: soA.sales_org_id,
    plant_id: p1.plant_id,
    product_type_id: t1.product_type_id,
    state_key: 'ProvideFiles',
    state_since: ago(40),
  });
  const xLot = await lot(x);
  const l1 = await xLot([{ type: 'aac', volume: 10, date: '2026-12-01' }]);
  const l2 = await xLot([{ type: 'aac', volume: 20, date: null }]);
  const l3 = await xLot([
    { type: 'aac', volume: 7, date: '2026-12-07' },
    { type: 'lintel', volume: 30, date: '2026-12-07' },
  ]);
  await xLot([{ type: 'aac', volume: 5, date: '2026-12-06' }]);
  const d1 = await deliveryLot(x.project_unit_id, [l1.project_unit_id], '2026-12-08', '2026-12-09', 'LKW 1');
  const d2 = await deliveryLot(x.project_unit_id, [l2.project_unit_id], '2026-12-10', null, 'LKW 2');
  const orderSub = await createChildUnit(db, x, {
    project_unit_type: 'subproject',
    project_unit_type_variant: 'aac_elements',
    state_key: 'ProvideFiles',
  });
  await createChildUnit(db, orderSub, { project_unit_type: 'aacorderlot', state_key: 'Finalized' });
  // Past deliveries: one on the requested day, one two days late.
  await deliveryLot(x.project_unit_id, [], '2026-11-20', '2026-11-20');
  await deliveryLot(x.project_unit_id, [], '2026-11-21', '2026-11-23');

  // Y: Nord, Werk Zwei, Element, no order.
  const y = await createProject(db, t, {
    title: 'Projekt Y',
    sales_org_id: soA.sales_org_id,
    plant_id: p2.plant_id,
    product_type_id: t2.product_type_id,
    state_key: 'Preparing',
    state_since: ago(10),
  });
  const yLot = await lot(y);
  const m1 = await yLot([{ type: 'aac', volume: 40, date: null }]);
  await deliveryLot(y.project_unit_id, [m1.project_unit_id], '2026-12-14', '2026-12-13', 'LKW Y');
  await yLot([{ type: 'aac', volume: 3, date: '2027-06-06' }]);
  await yLot([{ type: 'aac', volume: 4, date: '2027-06-07' }]);

  // Z: Süd, Werk Eins.
  const z = await createProject(db, t, {
    title: 'Projekt Z',
    sales_org_id: soB.sales_org_id,
    plant_id: p1.plant_id,
    product_type_id: t1.product_type_id,
    state_key: 'ProvideFiles',
    state_since: ago(60),
  });
  await (
    await lot(z)
  )([{ type: 'aac', volume: 50, date: '2026-12-08' }]);

  // Another tenant with the same kind of data.
  const other = await createWorld(db);
  const op = await db
    .insertInto('plants')
    .values({ tenant_id: other.tenant.tenant_id, name: 'Fremdwerk' })
    .returning('plant_id')
    .executeTakeFirstOrThrow();
  const o = await createProject(db, other.tenant.tenant_id, { plant_id: op.plant_id, state_key: 'ProvideFiles' });
  await (
    await lot(o)
  )([{ type: 'aac', volume: 99, date: '2026-12-08' }]);

  // Review rounds: 2, 4 and 10 days resolved within 90 days; one resolved 100 days ago.
  const rounds: [number, number][] = [
    [20, 18],
    [30, 26],
    [15, 5],
    [110, 100],
  ];
  for (const [opened, resolved] of rounds) {
    await db
      .insertInto('review_topics')
      .values({
        guid: randomUUID(),
        tenant_id: t,
        root_project_unit_id: x.project_unit_id,
        project_unit_id: l1.project_unit_id,
        title: 'Öffnung',
        status: 'resolved',
        created_at: ago(opened),
        resolved_at: ago(resolved),
      })
      .execute();
  }
  // Journal: l1 3 days in ProvideFiles then 5 in Review; l2 5 days in ProvideFiles; Z (Süd) 9.
  const journal = async (
    unit: { project_unit_id: number; root_project_unit_id: number | null },
    steps: [number, string | null, string][],
  ) => {
    for (const [days, oldState, newState] of steps) {
      await db
        .insertInto('project_unit_journal')
        .values({
          tenant_id: t,
          root_project_unit_id: unit.root_project_unit_id!,
          project_unit_id: unit.project_unit_id,
          created_at: ago(days),
          content_json: JSON.stringify({ oldState, newState }),
        })
        .execute();
    }
  };
  await journal(l1, [
    [20, null, 'ProvideFiles'],
    [17, 'ProvideFiles', 'Review'],
    // A file added during the review keeps the state: it neither ends nor starts a stay.
    [15, 'Review', 'Review'],
    [12, 'Review', 'Approved'],
  ]);
  await journal(l2, [
    [30, null, 'ProvideFiles'],
    [25, 'ProvideFiles', 'Review'],
  ]);
  await journal(z, [
    [40, null, 'ProvideFiles'],
    [31, 'ProvideFiles', 'Review'],
  ]);

  return { world, soA, soB, p1, p2, t1, t2, userA, userB, other, x, y, z, l1, l2, l3, d1, d2 };
}

beforeAll(async () => {
  db = await getTestDatabase();
  app = await createTestApp({ clock: createManualClock(NOW) });
  w = await seed();
  for (const [name, login] of [
    ['admin', w.world.admin.login],
    ['internal', w.world.internal.login],
    ['external', w.world.external.login],
    ['a', w.userA.login],
    ['b', w.userB.login],
    ['otherAdmin', w.other.admin.login],
  ] as const) {
    cookies[name] = await signIn(app, login, TEST_PASSWORD);
  }
});
afterAll(async () => {
  await app.close();
});

const get = async (who: string, path: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/data/portal/outlook/${path}`,
    headers: { cookie: cookies[who] },
  });
  return { status: res.statusCode, body: res.json() };
};

/** The rows as `plant|week|category → volume`, plant by name. */
function table(body: { rows: { plantId: number | null; weekStart: string; category: string; volume: number }[] }) {
  const name = (id: number | null) => (id === w.p1.plant_id ? 'P1' : id === w.p2.plant_id ? 'P2' : String(id));
  return Object.fromEntries(body.rows.map((r) => [`${name(r.plantId)}|${r.weekStart}|${r.category}`, r.volume]));
}

describe('volumes per plant and week', () => {
  it('splits the next 26 Berlin weeks into confirmed, ordered, planned and expected', async () => {
    const { status, body } = await get('admin', 'volumes');
    expect(status).toBe(200);
    expect(body.weeks).toHaveLength(26);
    expect(body.weeks[0]).toEqual({ weekStart: '2026-12-07', isoWeek: '2026-W50' });
    expect(body.weeks[25]).toEqual({ weekStart: '2027-05-31', isoWeek: '2027-W22' });
    expect(table(body)).toEqual({
      'P1|2026-12-07|confirmed': 10,
      'P1|2026-12-07|ordered': 20,
      'P1|2026-12-07|expected': 57,
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(body.plants).toEqual([
      { plantId: w.p1.plant_id, name: 'Werk Eins', weeklyCapacity: 80 },
      { plantId: w.p2.plant_id, name: 'Werk Zwei', weeklyCapacity: null },
    ]);
  });

  it('counts lintels apart from AAC, without a capacity', async () => {
    const { body } = await get('admin', 'volumes?material=lintel');
    expect(table(body)).toEqual({ 'P1|2026-12-07|expected': 30 });
    expect(body.plants.every((p: { weeklyCapacity: null }) => p.weeklyCapacity === null)).toBe(true);
  });

  it('filters by plant, product type, project state and sales organisation', async () => {
    expect(table((await get('admin', `volumes?plantId=${w.p2.plant_id}`)).body)).toEqual({
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(table((await get('admin', `volumes?productTypeId=${w.t1.product_type_id}`)).body)).toEqual({
      'P1|2026-12-07|confirmed': 10,
      'P1|2026-12-07|ordered': 20,
      'P1|2026-12-07|expected': 57,
    });
    expect(table((await get('admin', 'volumes?stateKey=Preparing')).body)).toEqual({
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(table((await get('admin', `volumes?salesOrgId=${w.soB.sales_org_id}`)).body)).toEqual({
      'P1|2026-12-07|expected': 50,
    });
  });

  it('shows each internal user only their sales organisation, and other tenants nothing', async () => {
    expect(table((await get('a', 'volumes')).body)).toEqual({
      'P1|2026-12-07|confirmed': 10,
      'P1|2026-12-07|ordered': 20,
      'P1|2026-12-07|expected': 7,
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(table((await get('b', 'volumes')).body)).toEqual({ 'P1|2026-12-07|expected': 50 });
    // Asking for another sales organisation narrows to nothing instead of widening.
    expect((await get('a', `volumes?salesOrgId=${w.soB.sales_org_id}`)).body.rows).toEqual([]);
    // An internal user without a sales organisation sees none.
    expect((await get('internal', 'volumes')).body.rows).toEqual([]);
    const other = await get('otherAdmin', 'volumes');
    expect(other.body.rows).toEqual([
      { plantId: expect.any(Number), weekStart: '2026-12-07', category: 'expected', volume: 99 },
    ]);
  });

  it('answers 404 to external users and 400 to bad filters', async () => {
    for (const path of ['volumes', 'figures', `entries?week=2026-12-07&plant=${w.p1.plant_id}`]) {
      const res = await get('external', path);
      expect(res.status).toBe(404);
    }
    const bad = await get('admin', 'volumes?material=stone');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('ValidationFailed');
    expect((await get('admin', 'entries?week=2026-02-30&plant=1')).status).toBe(400);
    expect((await get('admin', 'volumes?plantId=abc')).status).toBe(400);
  });
});

describe('the column behind', () => {
  it('lists the projects, approval lots and delivery lots of a plant week', async () => {
    const { status, body } = await get('admin', `entries?week=2026-12-07&plant=${w.p1.plant_id}`);
    expect(status).toBe(200);
    expect(
      body.data.map(
        (e: { category: string; day: string; volume: number; projectTitle: string; lotId: number | null }) => [
          e.category,
          e.day,
          e.volume,
          e.projectTitle,
          e.lotId,
        ],
      ),
    ).toEqual([
      ['expected', '2026-12-07', 7, 'Projekt X', null],
      ['expected', '2026-12-08', 50, 'Projekt Z', null],
      ['confirmed', '2026-12-09', 10, 'Projekt X', w.d1],
      ['ordered', '2026-12-10', 20, 'Projekt X', w.d2],
    ]);
    // The same column sums to the chart's figures.
    const sum = body.data.reduce((s: number, e: { volume: number }) => s + e.volume, 0);
    expect(sum).toBe(10 + 20 + 57);
    const onlyOrdered = await get('a', `entries?week=2026-12-09&plant=${w.p1.plant_id}&category=ordered`);
    expect(onlyOrdered.body.data.map((e: { unitId: number }) => e.unitId)).toEqual([w.l2.project_unit_id]);
    expect((await get('b', `entries?week=2026-12-07&plant=${w.p1.plant_id}&category=ordered`)).body.data).toEqual([]);
  });
});

describe('review and delivery figures', () => {
  it('gives medians of the last 90 days, the on-time share and the longest waiting', async () => {
    const { status, body } = await get('admin', 'figures');
    expect(status).toBe(200);
    expect(body.reviewRounds).toEqual({ count: 3, medianDays: 4 });
    expect(body.states).toEqual([
      { stateKey: 'ProvideFiles', transitions: 3, medianDays: 5 },
      { stateKey: 'Review', transitions: 1, medianDays: 5 },
    ]);
    expect(body.deliveries).toEqual({ count: 2, onRequestedDate: 1, share: 0.5 });
    expect(body.waiting.map((p: { projectTitle: string; stateKey: string }) => [p.stateKey, p.projectTitle])).toEqual([
      ['Preparing', 'Projekt Y'],
      ['ProvideFiles', 'Projekt Z'],
      ['ProvideFiles', 'Projekt X'],
    ]);
    const a = (await get('a', 'figures')).body;
    expect(a.states).toEqual([
      { stateKey: 'ProvideFiles', transitions: 2, medianDays: 4 },
      { stateKey: 'Review', transitions: 1, medianDays: 5 },
    ]);
    expect(a.waiting.map((p: { projectTitle: string }) => p.projectTitle)).toEqual(['Projekt Y', 'Projekt X']);
    // Narrowed to a plant, the states count the units of that plant only.
    const plant = await get('admin', `figures?plantId=${w.p2.plant_id}`);
    expect(plant.status).toBe(200);
    expect(plant.body.states.reduce((n: number, s: { transitions: number }) => n + s.transitions, 0)).toBeLessThan(
      body.states.reduce((n: number, s: { transitions: number }) => n + s.transitions, 0),
    );
    const b = (await get('b', 'figures')).body;
    expect(b.reviewRounds).toEqual({ count: 0, medianDays: null });
    expect(b.deliveries).toEqual({ count: 0, onRequestedDate: 0, share: null });
  });
});

describe('plant capacity', () => {
  it('is set by admins of the tenant only, with a clear error for bad input', async () => {
    const put = (who: string, id: number, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/data/portal/outlook/plants/${id}`,
        headers: { cookie: cookies[who], 'x-requested-with': 'XMLHttpRequest' },
        payload: payload as object,
      });
    expect((await put('a', w.p2.plant_id, { weeklyCapacity: 30 })).statusCode).toBe(403);
    expect((await put('otherAdmin', w.p2.plant_id, { weeklyCapacity: 30 })).statusCode).toBe(404);
    const bad = await put('admin', w.p2.plant_id, { weeklyCapacity: -1 });
    expect(bad.statusCode).toBe(400);
    const ok = await put('admin', w.p2.plant_id, { weeklyCapacity: 35.5 });
    expect(ok.json()).toEqual({ plantId: w.p2.plant_id, name: 'Werk Zwei', weeklyCapacity: 35.5 });
    const volumes = await get('admin', 'volumes');
    expect(volumes.body.plants[1].weeklyCapacity).toBe(35.5);
    await put('admin', w.p2.plant_id, { weeklyCapacity: null });
  });
});

describe('export', () => {
  it('holds the chart numbers as CSV in the user language and as XLSX', async () => {
    const chart = (await get('admin', 'volumes')).body;
    const csv = await app.inject({
      method: 'GET',
      url: '/api/data/portal/outlook/volumes/export?format=csv',
      headers: { cookie: cookies.admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Werk;KW;Wochenbeginn;Bestellt und bestätigt;Bestellt;Geplant (Lieferlos ohne Bestellung);Erwartet (Liefertermin, noch kein Lieferlos);Summe;Kapazität',
    );
    expect(lines).toHaveLength(1 + 2 * 26);
    expect(lines[1]).toBe('Werk Eins;2026-W50;07.12.2026;10;20;0;57;87;80');
    expect(lines[27]).toBe('Werk Zwei;2026-W50;07.12.2026;0;0;40;0;40;');

    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/data/portal/outlook/volumes/export?format=xlsx',
      headers: { cookie: cookies.admin },
    });
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    // Every category figure of the chart is in the sheet, at its plant and week.
    const found: Record<string, number> = {};
    const categories = ['confirmed', 'ordered', 'planned', 'expected'];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = row.values as unknown[];
      const plant = values[1] === 'Werk Eins' ? w.p1.plant_id : w.p2.plant_id;
      const weekStart = (values[3] as Date).toISOString().slice(0, 10);
      categories.forEach((c, i) => {
        if (values[4 + i] !== 0) found[`${plant}|${weekStart}|${c}`] = values[4 + i] as number;
      });
    });
    expect(found).toEqual(
      Object.fromEntries(
        chart.rows.map((r: { plantId: number; weekStart: string; category: string; volume: number }) => [
          `${r.plantId}|${r.weekStart}|${r.category}`,
          r.volume,
        ]),
      ),
    );
    const external = await app.inject({
      method: 'GET',
      url: '/api/data/portal/outlook/volumes/export?format=csv',
      headers: { cookie: cookies.external },
    });
    expect(external.statusCode).toBe(404);
  });
});

describe('export of the column and the figures', () => {
  const download = (who: string, path: string) =>
    app.inject({ method: 'GET', url: `/api/data/portal/outlook/${path}`, headers: { cookie: cookies[who] } });
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('holds the projects behind a column, as the dialog lists them', async () => {
    const query = `week=2026-12-07&plant=${w.p1.plant_id}`;
    const csv = await download('admin', `entries/export?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('.csv');
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('Datum;Projektnr.;Projekt;Freigabelos;Lieferlos;Status;Menge');
    const listed = (await get('admin', `entries?${query}`)).body.data as { volume: number }[];
    expect(lines).toHaveLength(1 + listed.length);
    expect(lines.slice(1).map((l) => Number(l.split(';')[6]!.replace(',', '.')))).toEqual(listed.map((e) => e.volume));
    expect(lines[1]).toMatch(/^07\.12\.2026;[^;]*;Projekt X;/);

    const xlsx = await download('admin', `entries/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const volumes: number[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) volumes.push((row.values as unknown[])[7] as number);
    });
    expect(volumes).toEqual(listed.map((e) => e.volume));
    // Another sales organisation's user gets its own column only; external users nothing.
    const forB = (await get('b', `entries?${query}`)).body.data as { projectTitle: string }[];
    expect(forB.length).toBeLessThan(listed.length);
    const linesForB = csvLines((await download('b', `entries/export?${query}&format=csv`)).body).slice(1);
    expect(linesForB.map((l) => l.split(';')[2])).toEqual(forB.map((e) => e.projectTitle));
    expect((await download('external', `entries/export?${query}&format=csv`)).statusCode).toBe(404);
    expect((await download('admin', `entries/export?${query}&format=pdf`)).statusCode).toBe(400);
  });

  it('holds the median days per state and the longest waiting projects', async () => {
    const states = csvLines((await download('admin', 'figures/export?table=states&format=csv')).body);
    expect(states[0]).toBe('Status;Median Tage;Übergänge');
    expect(states.slice(1).map((l) => l.split(';').slice(1).join(';'))).toEqual(['5;3', '5;1']);
    const waiting = csvLines((await download('admin', 'figures/export?table=waiting&format=csv')).body);
    expect(waiting.slice(1).map((l) => l.split(';')[2])).toEqual(['Projekt Y', 'Projekt Z', 'Projekt X']);
    const bad = await download('admin', 'figures/export?table=everything&format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('ValidationFailed');
    expect((await download('external', 'figures/export?table=states&format=csv')).statusCode).toBe(404);
  });
});
