import { describe, expect, it } from 'vitest';
import { useOutlookWorld, volumeTable } from './test-outlook-world';

const world = useOutlookWorld();
const { get, call } = world;
const table = (body: Parameters<typeof volumeTable>[1]) => volumeTable(world.w, body);

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
      { plantId: world.w.p1.plant_id, name: 'Werk Eins', weeklyCapacity: 80 },
      { plantId: world.w.p2.plant_id, name: 'Werk Zwei', weeklyCapacity: null },
    ]);
  });

  it('counts lintels apart from AAC, without a capacity', async () => {
    const { body } = await get('admin', 'volumes?material=lintel');
    expect(table(body)).toEqual({ 'P1|2026-12-07|expected': 30 });
    expect(body.plants.every((p: { weeklyCapacity: null }) => p.weeklyCapacity === null)).toBe(true);
  });

  it('filters by plant, product type, project state and sales organisation', async () => {
    expect(table((await get('admin', `volumes?plantId=${world.w.p2.plant_id}`)).body)).toEqual({
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(table((await get('admin', `volumes?productTypeId=${world.w.t1.product_type_id}`)).body)).toEqual({
      'P1|2026-12-07|confirmed': 10,
      'P1|2026-12-07|ordered': 20,
      'P1|2026-12-07|expected': 57,
    });
    expect(table((await get('admin', 'volumes?stateKey=Preparing')).body)).toEqual({
      'P2|2026-12-07|planned': 40,
      'P2|2027-05-31|expected': 3,
    });
    expect(table((await get('admin', `volumes?salesOrgId=${world.w.soB.sales_org_id}`)).body)).toEqual({
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
    expect((await get('a', `volumes?salesOrgId=${world.w.soB.sales_org_id}`)).body.rows).toEqual([]);
    // An internal user without a sales organisation sees none.
    expect((await get('internal', 'volumes')).body.rows).toEqual([]);
    const other = await get('otherAdmin', 'volumes');
    expect(other.body.rows).toEqual([
      { plantId: expect.any(Number), weekStart: '2026-12-07', category: 'expected', volume: 99 },
    ]);
  });

  it('answers 404 to external users and 400 to bad filters', async () => {
    for (const path of ['volumes', 'figures', `entries?week=2026-12-07&plant=${world.w.p1.plant_id}`]) {
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
    const { status, body } = await get('admin', `entries?week=2026-12-07&plant=${world.w.p1.plant_id}`);
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
      ['confirmed', '2026-12-09', 10, 'Projekt X', world.w.d1],
      ['ordered', '2026-12-10', 20, 'Projekt X', world.w.d2],
    ]);
    // The same column sums to the chart's figures.
    const sum = body.data.reduce((s: number, e: { volume: number }) => s + e.volume, 0);
    expect(sum).toBe(10 + 20 + 57);
    const onlyOrdered = await get('a', `entries?week=2026-12-09&plant=${world.w.p1.plant_id}&category=ordered`);
    expect(onlyOrdered.body.data.map((e: { unitId: number }) => e.unitId)).toEqual([world.w.l2.project_unit_id]);
    expect((await get('b', `entries?week=2026-12-07&plant=${world.w.p1.plant_id}&category=ordered`)).body.data).toEqual(
      [],
    );
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
    const plant = await get('admin', `figures?plantId=${world.w.p2.plant_id}`);
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
    const put = (who: Parameters<typeof call>[0], id: number, payload: unknown) =>
      call(who, 'PUT', `/api/data/portal/outlook/plants/${id}`, payload);
    expect((await put('a', world.w.p2.plant_id, { weeklyCapacity: 30 })).statusCode).toBe(403);
    expect((await put('otherAdmin', world.w.p2.plant_id, { weeklyCapacity: 30 })).statusCode).toBe(404);
    const bad = await put('admin', world.w.p2.plant_id, { weeklyCapacity: -1 });
    expect(bad.statusCode).toBe(400);
    const ok = await put('admin', world.w.p2.plant_id, { weeklyCapacity: 35.5 });
    expect(ok.json()).toEqual({ plantId: world.w.p2.plant_id, name: 'Werk Zwei', weeklyCapacity: 35.5 });
    const volumes = await get('admin', 'volumes');
    expect(volumes.body.plants[1].weeklyCapacity).toBe(35.5);
    await put('admin', world.w.p2.plant_id, { weeklyCapacity: null });
  });
});
