import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createUser, createWorld, uniq } from '../../test/factories';

const url = '/api/data/portal/projectunitssearch';

/**
 * Two tenants with the AdvancedSearch feature and one without. Tenant A: an Ärztehaus in Celle
 * (number …-0006 with a house …-0006-01), a Bürogebäude with an order number, a Mehrfamilienhaus
 * Birkenweg whose member is Kunigunde Zwiebelmeier. Tenant B has an Ärztehaus of its own.
 */
async function searchWorld() {
  const db = await getTestDatabase();
  const a = await createWorld(db, { AdvancedSearch: true });
  const b = await createWorld(db, { AdvancedSearch: true });
  const off = await createWorld(db, {});
  const tenantId = a.tenant.tenant_id;
  const p = uniq('S').toUpperCase();
  const orderNumber = String(4_500_000_000 + Math.floor(Math.random() * 99_999_999));
  const productType = await db
    .insertInto('product_types')
    .values({ tenant_id: tenantId, title: 'Porenbeton-Planelemente', bg_color: '#0b7285', text_color: '#ffffff' })
    .returning('product_type_id')
    .executeTakeFirstOrThrow();
  const plant = await db
    .insertInto('plants')
    .values({ tenant_id: tenantId, name: 'Werk Hannover-Misburg' })
    .returning('plant_id')
    .executeTakeFirstOrThrow();

  const arzt = await createProject(db, tenantId, { title: 'Ärztehaus Am Markt', project_unit_no: `${p}-0006` });
  const address = await db
    .insertInto('addresses')
    .values({
      tenant_id: tenantId,
      project_unit_id: arzt.project_unit_id,
      street1: 'Am Markt 7',
      zip: '29221',
      city: 'Celle',
    })
    .returning('address_id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('project_units')
    .set({ site_address_id: address.address_id })
    .where('project_unit_id', '=', arzt.project_unit_id)
    .execute();
  const house = await createChildUnit(db, arzt, { title: 'Haus A', project_unit_no: `${p}-0006-01` });
  const lot = await createChildUnit(db, house, {
    title: 'EG Außenwände',
    project_unit_type: 'approvallot',
    project_unit_no: `${p}-0006-01-01`,
  });
  const buero = await createProject(db, tenantId, { title: 'Bürogebäude Hafenkante', project_unit_no: `${p}-0005` });
  await db
    .insertInto('project_unit_product_type_assignments')
    .values({
      project_unit_id: buero.project_unit_id,
      product_type_id: productType.product_type_id,
      plant_id: plant.plant_id,
      order_number: orderNumber,
    })
    .execute();
  const birke = await createProject(db, tenantId, {
    title: 'Mehrfamilienhaus Birkenweg',
    project_unit_no: `${p}-0007`,
    state_key: 'Closed',
  });
  const person = await createUser(db, tenantId, { first_name: 'Kunigunde', last_name: 'Zwiebelmeier' });
  await addMember(db, birke.project_unit_id, person.user_id);

  const foreign = await createProject(db, b.tenant.tenant_id, {
    title: 'Ärztehaus Fremd',
    project_unit_no: `${p}-0006-99`,
  });
  // A member of the Ärztehaus only, from tenant B: sees that tree and nothing of tenant A besides.
  const guest = await createUser(db, b.tenant.tenant_id, { is_internal: false });
  await addMember(db, arzt.project_unit_id, guest.user_id, ['reviewer']);
  await addMember(db, arzt.project_unit_id, a.external.user_id, ['reviewer']);
  const outsider = await createUser(db, tenantId, { is_internal: false });

  return {
    db,
    p,
    orderNumber,
    productType,
    plant,
    arzt,
    house,
    lot,
    buero,
    birke,
    foreign,
    person,
    actors: {
      internal: a.internal,
      admin: a.admin,
      member: a.external,
      guest,
      outsider,
      foreign: b.internal,
      off: off.internal,
    },
  };
}

type Row = { projectUnitID: number; title: string; projectUnitNo: string; data: string };

describe('projectunitssearch', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof searchWorld>>;
  let call: Awaited<ReturnType<typeof signInActors<keyof typeof w.actors>>>['call'];
  beforeAll(async () => {
    app = await createTestApp();
    w = await searchWorld();
    ({ call } = await signInActors(app, w.actors));
  });
  afterAll(() => app.close());

  const search = async (who: keyof typeof w.actors, term: string, qs = '') => {
    const res = await call(who, 'GET', `${url}?search=${encodeURIComponent(term)}&$count=true${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; count: number };
  };
  const titles = (r: { data: Row[] }) => r.data.map((d) => d.title);

  it('answers 404 without the AdvancedSearch feature, for the page and the call', async () => {
    const res = await call('off', 'GET', `${url}?search=Haus`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NotFound');
  });

  it('finds by umlauts written out or left off, by typo, number part, order number, city and member name', async () => {
    expect(titles(await search('internal', 'Arztehaus'))).toEqual(['Ärztehaus Am Markt']);
    expect(titles(await search('internal', 'Buerogebaeude'))).toEqual(['Bürogebäude Hafenkante']);
    expect(titles(await search('internal', 'bürogebäude'))).toEqual(['Bürogebäude Hafenkante']);
    expect(titles(await search('internal', 'Birkenwg'))).toEqual(['Mehrfamilienhaus Birkenweg']);
    expect(titles(await search('internal', 'Aussenwande'))).toEqual(['EG Außenwände']);
    expect(titles(await search('internal', '0006-01'))).toEqual(['Haus A', 'EG Außenwände']);
    // Another separator in its place is another number (the index looks up any character there).
    expect((await search('internal', `${w.p}-0006.01`)).count).toBe(0);
    expect((await search('internal', `${w.p}-0006_01`)).count).toBe(0);
    const byOrder = await search('internal', w.orderNumber);
    expect(byOrder.data).toEqual([
      {
        projectUnitID: w.buero.project_unit_id,
        rootProjectUnitID: w.buero.project_unit_id,
        title: 'Bürogebäude Hafenkante',
        projectUnitNo: `${w.p}-0005`,
        projectUnitType: 'project',
        productType: 'Porenbeton-Planelemente',
        productTypeID: w.productType.product_type_id,
        productTypeBGColor: '#0b7285',
        productTypeTextColor: '#ffffff',
        plant: 'Werk Hannover-Misburg',
        plantID: w.plant.plant_id,
        data: `OrderNumber=${w.orderNumber}`,
      },
    ]);
    expect(titles(await search('internal', 'celle'))).toEqual(['Ärztehaus Am Markt']);
    expect(titles(await search('internal', 'Zwiebelmeier'))).toEqual(['Mehrfamilienhaus Birkenweg']);
    expect(titles(await search('internal', 'kunigunde zwiebel'))).toEqual(['Mehrfamilienhaus Birkenweg']);
    expect((await search('internal', 'Quarkstrudel')).count).toBe(0);
  });

  it('puts the exact number first, then numbers starting with it', async () => {
    const res = await search('internal', `${w.p}-0006-01`);
    expect(res.data[0]?.title).toBe('Haus A');
    expect(res.data[1]?.title).toBe('EG Außenwände');
    expect(titles(await search('internal', `${w.p}-0006`)).slice(0, 3)).toEqual([
      'Ärztehaus Am Markt',
      'Haus A',
      'EG Außenwände',
    ]);
  });

  it("shows only readable units: another tenant's and non-member units never appear", async () => {
    const all = { internal: 5, admin: 5, member: 3, guest: 3, outsider: 0, foreign: 1 } as const;
    for (const [who, count] of Object.entries(all) as [keyof typeof all, number][]) {
      const res = await search(who, '');
      expect(res.count, who).toBe(count);
    }
    expect(titles(await search('internal', 'Ärztehaus'))).toEqual(['Ärztehaus Am Markt']);
    expect(titles(await search('foreign', 'Ärztehaus'))).toEqual(['Ärztehaus Fremd']);
    expect(titles(await search('guest', 'Haus')).sort()).toEqual(['Haus A', 'Ärztehaus Am Markt'].sort());
    expect((await search('guest', 'Birkenweg')).count).toBe(0);
    expect((await search('member', w.orderNumber)).count).toBe(0);
    expect((await search('outsider', 'Ärztehaus')).count).toBe(0);
  });

  it("corrects typos against the user's tenants' words only", async () => {
    const words = async (tenantId: number) =>
      (
        await w.db
          .selectFrom('search_words')
          .select('word')
          .where('tenant_id', '=', tenantId)
          .where('word', 'in', ['fremd', 'birkenweg'])
          .execute()
      ).map((r) => r.word);
    const tenantA = (
      await w.db
        .selectFrom('users')
        .select('tenant_id')
        .where('user_id', '=', w.actors.internal.user_id)
        .executeTakeFirstOrThrow()
    ).tenant_id;
    const tenantB = w.foreign.tenant_id;
    expect(await words(tenantA)).toEqual(['birkenweg']);
    expect(await words(tenantB)).toEqual(['fremd']);
    // A typo of tenant B's word finds nothing for tenant A, and tenant B's own unit for tenant B.
    expect((await search('internal', 'Fremdd')).count).toBe(0);
    expect(titles(await search('foreign', 'Ärztehaus Fremdd'))).toEqual(['Ärztehaus Fremd']);
  });

  it('filters, orders and pages through the list contract', async () => {
    const roots = await search(
      'internal',
      '',
      `&$filter=${encodeURIComponent("projectUnitType eq 'project'")}&$orderby=title`,
    );
    expect(titles(roots)).toEqual(
      ['Ärztehaus Am Markt', 'Bürogebäude Hafenkante', 'Mehrfamilienhaus Birkenweg'].sort(),
    );
    expect(roots.count).toBe(3);
    const page2 = await search('internal', '', '&$orderby=projectUnitNo desc&$top=2&$skip=2');
    expect(page2.count).toBe(5);
    expect(page2.data.map((d) => d.projectUnitNo)).toEqual([`${w.p}-0006-01`, `${w.p}-0006`]);
    // A page past the end still counts the matches; without `$count` there is no count.
    const past = await search('internal', 'haus', '&$top=2&$skip=10');
    expect(past).toEqual({ data: [], count: 3 });
    const uncounted = await call('internal', 'GET', `${url}?search=haus&$top=1`);
    expect(uncounted.json()).toEqual({ data: [expect.objectContaining({ title: expect.any(String) })] });
    const tree = await search(
      'internal',
      'haus',
      `&$filter=${encodeURIComponent(`rootProjectUnitID eq ${w.arzt.project_unit_id}`)}&$orderby=projectUnitNo`,
    );
    expect(titles(tree)).toEqual(['Ärztehaus Am Markt', 'Haus A']);
    const bad = await call('internal', 'GET', `${url}?$filter=${encodeURIComponent("nope eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expect((await call('internal', 'GET', `${url}?$top=51`)).statusCode).toBe(400);
    expect((await call('internal', 'GET', `${url}?$filter=${encodeURIComponent('rank gt 1')}`)).statusCode).toBe(400);
    // Input that means something to LIKE or to_tsquery is only text.
    expect((await search('internal', "100% _x_ ' & | ! :* (")).count).toBe(0);
  });

  it('keeps the index current: renames, new members, assignments and removed units', async () => {
    await w.db
      .updateTable('project_units')
      .set({ title: 'Zahnarztpraxis Am Markt' })
      .where('project_unit_id', '=', w.arzt.project_unit_id)
      .execute();
    expect(titles(await search('internal', 'Zahnarztpraxis'))).toEqual(['Zahnarztpraxis Am Markt']);
    await w.db
      .updateTable('users')
      .set({ last_name: 'Zwiebelmaier' })
      .where('user_id', '=', w.person.user_id)
      .execute();
    expect(titles(await search('internal', 'Zwiebelmaier'))).toEqual(['Mehrfamilienhaus Birkenweg']);
    await w.db
      .deleteFrom('project_unit_product_type_assignments')
      .where('project_unit_id', '=', w.buero.project_unit_id)
      .execute();
    expect((await search('internal', w.orderNumber)).count).toBe(0);
    await w.db.deleteFrom('project_units').where('project_unit_id', '=', w.lot.project_unit_id).execute();
    expect((await search('internal', '')).count).toBe(4);
  });
});

describe('quick search', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('finds readable projects, units and files by name for every user, AdvancedSearch or not', async () => {
    const db = await getTestDatabase();
    const a = await createWorld(db, {});
    const other = await createWorld(db, {});
    const root = await createProject(db, a.tenant.tenant_id, { title: 'Kita Regenbogen' });
    const sub = await createChildUnit(db, root, { title: 'Regenbogen Neubau' });
    await createProject(db, other.tenant.tenant_id, { title: 'Kita Regenbogen Fremd' });
    const file = await db
      .insertInto('project_files')
      .values({
        tenant_id: a.tenant.tenant_id,
        root_project_unit_id: root.project_unit_id,
        project_unit_id: sub.project_unit_id,
        name: 'Grundriss-Regenbogen-EG.pdf',
        name_key: 'grundriss-regenbogen-eg.pdf',
        created_at: new Date(),
      })
      .returning('project_file_id')
      .executeTakeFirstOrThrow();
    await addMember(db, root.project_unit_id, a.external.user_id);
    const outsider = await createUser(db, a.tenant.tenant_id);
    const { call } = await signInActors(app, { member: a.external, outsider });
    const res = await call('member', 'GET', `/api/data/portal/quicksearch?q=${encodeURIComponent('regenbogn')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((h: { kind: string; title: string }) => `${h.kind}:${h.title}`)).toEqual([
      'project:Kita Regenbogen',
      'unit:Regenbogen Neubau',
    ]);
    const files = await call('member', 'GET', `/api/data/portal/quicksearch?q=grundriss`);
    expect(files.json().data).toEqual([
      {
        kind: 'file',
        projectUnitID: sub.project_unit_id,
        rootProjectUnitID: root.project_unit_id,
        title: 'Grundriss-Regenbogen-EG.pdf',
        projectUnitNo: sub.project_unit_no,
        projectFileID: file.project_file_id,
      },
    ]);
    expect((await call('outsider', 'GET', `/api/data/portal/quicksearch?q=regenbogen`)).json().data).toEqual([]);
    expect((await call('outsider', 'GET', `/api/data/portal/quicksearch?q=`)).statusCode).toBe(400);
  });
});

describe('searches at once', () => {
  it('run at most SEARCH_CONCURRENCY at a time per instance; the others wait and then answer', async () => {
    const app = await createTestApp({ config: { searchConcurrency: 1 } });
    try {
      const db = await getTestDatabase();
      const a = await createWorld(db, {});
      await createProject(db, a.tenant.tenant_id, { title: 'Kita Warteschlange' });
      const { call } = await signInActors(app, { internal: a.internal });
      // Every search statement takes a little longer, so searches sent together would overlap.
      const executor = app.ctx.db.getExecutor();
      const original = executor.executeQuery.bind(executor);
      let running = 0;
      let most = 0;
      executor.executeQuery = (async (...args: Parameters<typeof original>) => {
        if (!args[0].sql.includes('project_unit_search')) return original(...args);
        most = Math.max(most, ++running);
        try {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return await original(...args);
        } finally {
          running--;
        }
      }) as typeof executor.executeQuery;
      try {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => call('internal', 'GET', '/api/data/portal/quicksearch?q=Warteschlange')),
        );
        expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
        expect(
          answers.every((r) => r.json().data.some((d: { title: string }) => d.title === 'Kita Warteschlange')),
        ).toBe(true);
        expect(most).toBe(1);
      } finally {
        executor.executeQuery = original;
      }
    } finally {
      await app.close();
    }
  });
});
