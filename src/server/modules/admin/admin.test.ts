import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createProject, createSalesOrg, createUser, createWorld } from '../../test/factories';
import { present } from '../../../shared/present';

const base = '/api/data/portal';

async function adminWorld(app: FastifyInstance) {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  const nord = await createSalesOrg(db, world.tenant.tenant_id, { key: 'NORD', title: 'Vertrieb Nord' });
  const sued = await createSalesOrg(db, world.tenant.tenant_id, { key: 'SUED', title: 'Vertrieb Süd' });
  const plantA = await db
    .insertInto('plants')
    .values({ tenant_id: world.tenant.tenant_id, name: 'Werk Zeitz' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const plantB = await db
    .insertInto('plants')
    .values({ tenant_id: world.tenant.tenant_id, name: 'Werk Alfeld' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const pt = await db
    .insertInto('product_types')
    .values({ tenant_id: world.tenant.tenant_id, title: 'Porenbeton' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const days = await db
    .insertInto('product_plant_preliminary_days')
    .values([
      {
        tenant_id: world.tenant.tenant_id,
        plant_id: plantA.plant_id,
        product_type_id: pt.product_type_id,
        preliminary_days: 10,
      },
      {
        tenant_id: world.tenant.tenant_id,
        plant_id: plantB.plant_id,
        product_type_id: pt.product_type_id,
        preliminary_days: 12,
      },
    ])
    .returningAll()
    .execute();
  const { call } = await signInActors(app, { admin: world.admin });
  return { ...world, db, nord, sued, plants: [plantA, plantB], pt, days, call };
}

const banner = (salesOrgs: number[], overrides: Record<string, unknown> = {}) => ({
  title: 'Wartung',
  text: 'Am Samstag ist Planport nicht erreichbar.',
  level: 'warning',
  showFrom: new Date(Date.now() - 3600_000).toISOString(),
  showUntil: new Date(Date.now() + 86_400_000).toISOString(),
  salesOrgs,
  ...overrides,
});

describe('admin area', () => {
  const clock = createManualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('refuses non-admins with 403', async () => {
    const w = await adminWorld(app);
    const { call } = await signInActors(app, { internal: w.internal });
    for (const url of [
      `${base}/banner-notifications`,
      `${base}/productplantpreliminarydays`,
      `${base}/mailoutbox`,
      '/api/banner-notifications/sales-orgs',
    ]) {
      expect((await call('internal', 'GET', url)).statusCode, url).toBe(403);
    }
    const post = await call('internal', 'POST', `${base}/banner-notifications`, banner([w.nord.sales_org_id]));
    expect(post.statusCode).toBe(403);
    const put = await call(
      'internal',
      'PUT',
      `${base}/productplantpreliminarydays/${w.days[0]?.product_plant_preliminary_days_id}`,
      { PreliminaryDays: 3 },
    );
    expect(put.statusCode).toBe(403);
  });

  it('creates, pages, updates and deletes banners with their sales orgs', async () => {
    const w = await adminWorld(app);
    expect((await w.call('admin', 'GET', '/api/banner-notifications/sales-orgs')).json()).toEqual([
      { salesOrgID: w.nord.sales_org_id, salesOrgKey: 'NORD', title: 'Vertrieb Nord' },
      { salesOrgID: w.sued.sales_org_id, salesOrgKey: 'SUED', title: 'Vertrieb Süd' },
    ]);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await w.call(
        'admin',
        'POST',
        `${base}/banner-notifications`,
        banner([w.nord.sales_org_id, w.sued.sales_org_id], { title: `B${i}` }),
      );
      expect(res.statusCode).toBe(200);
      ids.push(res.json().notificationID);
    }
    const page2 = (await w.call('admin', 'GET', `${base}/banner-notifications?$top=10&$skip=10`)).json();
    expect(page2.count).toBe(12);
    expect(page2.data).toHaveLength(2);
    expect(page2.data[0].salesOrgs).toEqual([w.nord.sales_org_id, w.sued.sales_org_id].sort((a, b) => a - b));

    const upd = await w.call(
      'admin',
      'PUT',
      `${base}/banner-notifications/${ids[0]}`,
      banner([w.sued.sales_org_id], { title: 'Neu', level: 'important' }),
    );
    expect(upd.json()).toMatchObject({ title: 'Neu', level: 'important', salesOrgs: [w.sued.sales_org_id] });
    expect((await w.call('admin', 'DELETE', `${base}/banner-notifications/${ids[1]}`)).statusCode).toBe(200);
    expect((await w.call('admin', 'DELETE', `${base}/banner-notifications/${ids[1]}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', `${base}/banner-notifications?$top=100`)).json().count).toBe(11);
  });

  it('refuses a banner save at an older version with 409 and the stored banner', async () => {
    const w = await adminWorld(app);
    const created = await w.call(
      'admin',
      'POST',
      `${base}/banner-notifications`,
      banner([w.nord.sales_org_id], { title: 'Erst' }),
    );
    expect(created.json().version).toBe(1);
    const id = created.json().notificationID;
    const put = (title: string, version: number) =>
      w.call('admin', 'PUT', `${base}/banner-notifications/${id}`, banner([w.nord.sales_org_id], { title, version }));
    const first = await put('Eins', 1);
    expect(first.json()).toMatchObject({ title: 'Eins', version: 2 });
    const stale = await put('Zwei', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'Conflict',
      messages: [{ message: 'ERRORMESSAGES.StaleSave' }],
      current: { notificationID: id, title: 'Eins', version: 2, salesOrgs: [w.nord.sales_org_id] },
    });
    expect((await put('Zwei', 2)).json()).toMatchObject({ title: 'Zwei', version: 3 });
  });

  it('requires every banner field and a sales org of the own tenant', async () => {
    const w = await adminWorld(app);
    const other = await adminWorld(app);
    const post = (payload: object) => w.call('admin', 'POST', `${base}/banner-notifications`, payload);
    for (const field of ['title', 'text', 'level', 'showFrom', 'showUntil', 'salesOrgs']) {
      const payload: Record<string, unknown> = banner([w.nord.sales_org_id]);
      delete payload[field];
      const res = await post(payload);
      expect(res.statusCode, field).toBe(400);
      if (field === 'level')
        expect(res.json().messages[0]).toMatchObject({ reference: 'level', message: 'VALIDATION.IsRequired' });
    }
    expect((await post(banner([]))).statusCode).toBe(400);
    expect((await post(banner([w.nord.sales_org_id], { title: '  ' }))).statusCode).toBe(400);
    const urgent = await post(banner([w.nord.sales_org_id], { level: 'urgent' }));
    expect(urgent.statusCode).toBe(400);
    expect(urgent.json().messages[0]).toMatchObject({ reference: 'level', message: 'VALIDATION.InvalidChoice' });
    const backwards = await post(
      banner([w.nord.sales_org_id], { showFrom: '2026-02-01T00:00:00Z', showUntil: '2026-01-01T00:00:00Z' }),
    );
    expect(backwards.json().messages[0]).toMatchObject({
      message: 'ADMIN.Banner.UntilBeforeFrom',
      reference: 'showUntil',
    });
    const foreign = await post(banner([other.nord.sales_org_id]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages[0].reference).toBe('salesOrgs');
  });

  it("keeps tenant B's admin away from tenant A's banners and preliminary days (404)", async () => {
    const a = await adminWorld(app);
    const b = await adminWorld(app);
    const created = (
      await a.call('admin', 'POST', `${base}/banner-notifications`, banner([a.nord.sales_org_id]))
    ).json();
    expect((await b.call('admin', 'GET', `${base}/banner-notifications`)).json()).toEqual({
      data: [],
      count: 0,
    });
    expect(
      (
        await b.call(
          'admin',
          'PUT',
          `${base}/banner-notifications/${created.notificationID}`,
          banner([b.nord.sales_org_id]),
        )
      ).statusCode,
    ).toBe(404);
    expect((await b.call('admin', 'DELETE', `${base}/banner-notifications/${created.notificationID}`)).statusCode).toBe(
      404,
    );
    const days = (await b.call('admin', 'GET', `${base}/productplantpreliminarydays`)).json().data;
    expect(days.map((d: { productPlantPreliminaryDaysID: number }) => d.productPlantPreliminaryDaysID)).not.toContain(
      a.days[0]?.product_plant_preliminary_days_id,
    );
    const put = await b.call(
      'admin',
      'PUT',
      `${base}/productplantpreliminarydays/${a.days[0]?.product_plant_preliminary_days_id}`,
      { PreliminaryDays: 3 },
    );
    expect(put.statusCode).toBe(404);
    const row = await a.db
      .selectFrom('product_plant_preliminary_days')
      .select('preliminary_days')
      .where('product_plant_preliminary_days_id', '=', present(a.days[0]).product_plant_preliminary_days_id)
      .executeTakeFirstOrThrow();
    expect(row.preliminary_days).toBe(10);
    const plants = (await b.call('admin', 'GET', `${base}/plants`)).json().data;
    expect(plants.map((p: { plantID: number }) => p.plantID).sort()).toEqual(b.plants.map((p) => p.plant_id).sort());
  });

  it('lists plants, product types and preliminary days; refuses < 1 and non-integers', async () => {
    const w = await adminWorld(app);
    expect((await w.call('admin', 'GET', `${base}/plants`)).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Werk Alfeld',
      'Werk Zeitz',
    ]);
    expect((await w.call('admin', 'GET', `${base}/producttypes`)).json().data).toEqual([
      { productTypeID: w.pt.product_type_id, title: 'Porenbeton' },
    ]);
    const id = w.days[0]?.product_plant_preliminary_days_id;
    const put = (v: unknown) =>
      w.call('admin', 'PUT', `${base}/productplantpreliminarydays/${id}`, { PreliminaryDays: v });
    expect((await put(0)).statusCode).toBe(400);
    expect((await put(-3)).statusCode).toBe(400);
    expect((await put(1.5)).statusCode).toBe(400);
    expect((await put('7')).statusCode).toBe(400);
    const tooMany = await put(366);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().messages[0]).toMatchObject({ message: 'VALIDATION.MaxValueReached' });
    expect((await put(0)).json().messages[0]).toMatchObject({ message: 'VALIDATION.MinValue' });
    expect((await put(1.5)).json().messages[0]).toMatchObject({ message: 'VALIDATION.WholeNumber' });
    expect((await put(365)).statusCode).toBe(200);
    const ok = await put(1);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ productPlantPreliminaryDaysID: id, preliminaryDays: 1 });
    const list = (await w.call('admin', 'GET', `${base}/productplantpreliminarydays`)).json().data;
    expect(list).toContainEqual({
      productPlantPreliminaryDaysID: id,
      plantID: w.plants[0]?.plant_id,
      productTypeID: w.pt.product_type_id,
      preliminaryDays: 1,
    });
  });

  it("shows active banners to the user's or the project's sales org, only inside the time window", async () => {
    const w = await adminWorld(app);
    const now = clock.now().getTime();
    const mk = (title: string, orgs: number[], from: number, until: number) =>
      w.call(
        'admin',
        'POST',
        `${base}/banner-notifications`,
        banner(orgs, {
          title,
          showFrom: new Date(now + from).toISOString(),
          showUntil: new Date(now + until).toISOString(),
        }),
      );
    await mk('Nord jetzt', [w.nord.sales_org_id], -1000, 1200_000);
    await mk('Süd jetzt', [w.sued.sales_org_id], -1000, 1200_000);
    await mk('Nord später', [w.nord.sales_org_id], 1800_000, 5400_000);

    const nordUser = await createUser(w.db, w.tenant.tenant_id, { sales_org_id: w.nord.sales_org_id });
    const { call } = await signInActors(app, { nordUser });
    const active = async (q = '') => {
      const r = await call('nordUser', 'GET', `/api/banner-notifications/active${q}`);
      if (r.statusCode !== 200) throw new Error(r.body);
      return r.json().map((b: { title: string }) => b.title);
    };
    expect(await active()).toEqual(['Nord jetzt']);

    const project = await createProject(w.db, w.tenant.tenant_id, { sales_org_id: w.sued.sales_org_id });
    await w.db
      .insertInto('members')
      .values({ root_project_unit_id: project.project_unit_id, user_id: nordUser.user_id, role_keys: ['reviewer'] })
      .execute();
    expect((await active(`?rootUnitId=${project.project_unit_id}`)).sort()).toEqual(['Nord jetzt', 'Süd jetzt']);
    const foreign = await createProject(w.db, w.tenant.tenant_id, { sales_org_id: w.sued.sales_org_id });
    expect(
      (await call('nordUser', 'GET', `/api/banner-notifications/active?rootUnitId=${foreign.project_unit_id}`))
        .statusCode,
    ).toBe(404);

    clock.advance(2400_000);
    expect(await active()).toEqual(['Nord später']);
    clock.set(new Date(now));
  });

  it("lists the outbox of the admin's tenant only", async () => {
    const a = await adminWorld(app);
    const b = await adminWorld(app);
    await app.ctx.mailer.enqueue(app.ctx.db, {
      tenantId: a.tenant.tenant_id,
      to: 'x@a.test',
      subject: 'Für A',
      text: 'Hallo A',
    });
    await app.ctx.mailer.enqueue(app.ctx.db, {
      tenantId: b.tenant.tenant_id,
      to: 'x@b.test',
      subject: 'Für B',
      text: 'Hallo B',
    });
    const res = (await a.call('admin', 'GET', `${base}/mailoutbox?$top=10`)).json();
    expect(res.count).toBe(1);
    expect(res.data[0]).toMatchObject({
      recipient: 'x@a.test',
      subject: 'Für A',
      textBody: 'Hallo A',
      sentAt: null,
      status: 'pending',
      attempts: 0,
    });
  });

  it('finds outbox mails by a text in recipient or subject, and by their state', async () => {
    const a = await adminWorld(app);
    for (const [to, subject] of [
      ['anna@a.test', 'Passwort zurücksetzen'],
      ['bert@a.test', 'Einladung'],
      ['carla@a.test', "O'Brien's Aufgaben"],
    ] as const)
      await app.ctx.mailer.enqueue(app.ctx.db, { tenantId: a.tenant.tenant_id, to, subject, text: '…' });
    const list = async (filter: string) => {
      const res = await a.call('admin', 'GET', `${base}/mailoutbox?$count=true&$filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { count: number; data: { recipient: string }[] };
      return body.data.map((m) => m.recipient).sort();
    };
    const text = (q: string) => `(contains(recipient,'${q}') or contains(subject,'${q}'))`;
    expect(await list(text('ANNA'))).toEqual(['anna@a.test']);
    expect(await list(text('einladung'))).toEqual(['bert@a.test']);
    expect(await list(text("o''brien"))).toEqual(['carla@a.test']);
    expect(await list(text('@a.test'))).toEqual(['anna@a.test', 'bert@a.test', 'carla@a.test']);
    expect(await list(`${text('@a.test')} and status eq 'failed'`)).toEqual([]);
    expect(await list("status eq 'pending'")).toEqual(['anna@a.test', 'bert@a.test', 'carla@a.test']);
  });
});
