import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogues } from '../../seed/orders';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createWorld, TEST_PASSWORD } from '../../test/factories';

const base = '/api/data/portal';

/** A tenant with the Celona catalogues, an order lot of each kind in PlaceOrder, and a task holder. */
async function orderWorld() {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  await seedCatalogues(db, world.tenant.tenant_id, 'celona');
  const root = await createProject(db, world.tenant.tenant_id);
  const aacLot = await createChildUnit(db, root, {
    project_unit_type: 'aacorderlot',
    project_unit_type_variant: 'aac_elements',
    state_key: 'PlaceOrder',
  });
  const lintelLot = await createChildUnit(db, root, {
    project_unit_type: 'lintelorderlot',
    project_unit_type_variant: 'lintel',
    state_key: 'PlaceOrder',
  });
  await addMember(db, root.project_unit_id, world.external.user_id, ['customer']);
  for (const lot of [aacLot, lintelLot]) {
    await db
      .insertInto('tasks')
      .values({
        tenant_id: world.tenant.tenant_id,
        root_project_unit_id: root.project_unit_id,
        project_unit_id: lot.project_unit_id,
        user_id: world.external.user_id,
        task_key: 'PlaceOrder',
        state_key: 'PlaceOrder',
      })
      .execute();
  }
  const aacProducts = await db
    .selectFrom('aac_products')
    .selectAll()
    .where('tenant_id', '=', world.tenant.tenant_id)
    .execute();
  const lintelProducts = await db
    .selectFrom('lintel_products')
    .selectAll()
    .where('tenant_id', '=', world.tenant.tenant_id)
    .execute();
  const article = (no: string) => aacProducts.find((p) => p.article_no === no)!.aac_product_id;
  const item = (no: string) => lintelProducts.find((p) => p.item_no === no)!.lintel_product_id;
  return { db, ...world, root, aacLot, lintelLot, article, item };
}

describe('order items', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `${base}/${url}`, headers: { cookie, ...xhr }, payload: payload as object });

  it('creates, loads with computed columns, updates and deletes AAC rows for the task holder', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const created = await call(cookie, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: 'Bad',
      floorName: 'EG',
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 10,
    });
    expect(created.statusCode).toBe(200);
    // 10 × 0.24 × 0.625 × 2.5 / 1.8 = 2.08 pallets (capacity 1.8 m³ in the Celona file)
    expect(created.json()).toMatchObject({
      itemIndex: 1,
      thickness: 240,
      width: 625,
      length: 2.5,
      pallets: 2.08,
      version: 1,
      product: { articleNo: 'PE-240-625' },
    });
    const id = created.json().aacOrderLotItemID;

    const list = await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json()).toMatchObject({ canEdit: true, data: [{ aacOrderLotItemID: id, itemLength: 2.5 }] });

    const updated = await call(cookie, 'PUT', `aacorderlotitems/${id}`, {
      sublotName: 'Bad',
      floorName: 'OG',
      productNo: w.article('PE-240-625'),
      itemLength: 3.02,
      qty: 4,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ floorName: 'OG', itemLength: 3.02, qty: 4, version: 2 });

    const second = await call(cookie, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-100-500'),
      itemLength: 1,
      qty: 1,
    });
    expect(second.json().itemIndex).toBe(2);

    expect((await call(cookie, 'DELETE', `aacorderlotitems/${id}?version=2`)).statusCode).toBe(204);
    const after = await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    // The server renumbers: the row behind the deleted one moves up.
    expect(after.json().data.map((r: { itemIndex: number }) => r.itemIndex)).toEqual([1]);
  });

  it('refuses AAC rows that break a rule, naming each problem', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const post = (over: Record<string, unknown>) =>
      call(cookie, 'POST', 'aacorderlotitems', {
        projectUnitID: w.aacLot.project_unit_id,
        sublotName: null,
        floorName: null,
        productNo: w.article('PE-240-625'),
        itemLength: 2.5,
        qty: 1,
        ...over,
      });
    const problems = async (over: Record<string, unknown>) => {
      const res = await post(over);
      expect(res.statusCode).toBe(400);
      return res.json().messages.map((m: { message: string }) => m.message);
    };
    expect(await problems({ itemLength: 2.49 })).toEqual(['ORDER.Problems.lengthOffGrid']);
    expect(await problems({ itemLength: 0.5 })).toEqual(['ORDER.Problems.lengthOutOfRange']);
    expect(await problems({ itemLength: 7 })).toEqual(['ORDER.Problems.lengthOutOfRange']);
    expect(await problems({ qty: 0 })).toEqual(['ORDER.Problems.qtyInvalid']);
    expect(await problems({ productNo: 999_999 })).toEqual(['ORDER.Problems.productRequired']);
    // PE-365-750 is inactive in the Celona file: readable, not pickable.
    expect(await problems({ productNo: w.article('PE-365-750') })).toEqual(['ORDER.Problems.productInactive']);
    expect((await post({ qty: 2.5 })).statusCode).toBe(400);
  });

  it("refuses another tenant's product", async () => {
    const w = await orderWorld();
    const other = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const res = await call(cookie, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: other.article('PE-240-625'),
      itemLength: 2.5,
      qty: 1,
    });
    expect(res.statusCode).toBe(400);
  });

  it('lets only a holder of the open PlaceOrder task write; readers get canEdit false and 403', async () => {
    const w = await orderWorld();
    const holder = await signIn(app, w.external.login, TEST_PASSWORD);
    const created = await call(holder, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const id = created.json().aacOrderLotItemID;
    const reader = await signIn(app, w.internal.login, TEST_PASSWORD);
    const list = await call(reader, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json()).toMatchObject({ canEdit: false, data: [{ aacOrderLotItemID: id }] });
    const denied = await call(reader, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messages[0].message).toBe('ORDER.Errors.NoPlaceOrderTask');
    expect(
      (
        await call(reader, 'PUT', `aacorderlotitems/${id}`, {
          sublotName: null,
          floorName: null,
          productNo: w.article('PE-240-625'),
          itemLength: 2.5,
          qty: 5,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(reader, 'DELETE', `aacorderlotitems/${id}?version=1`)).statusCode).toBe(403);

    // A closed task (the order was placed) freezes the table for the holder too.
    await w.db
      .updateTable('tasks')
      .set({ closed_at: new Date() })
      .where('project_unit_id', '=', w.aacLot.project_unit_id)
      .execute();
    expect(
      (await call(holder, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`)).json().canEdit,
    ).toBe(false);
    expect((await call(holder, 'DELETE', `aacorderlotitems/${id}?version=1`)).statusCode).toBe(403);
  });

  it('answers a stale row version with 409 and keeps the newer save', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const created = await call(cookie, 'POST', 'aacorderlotitems', {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: 'A',
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const id = created.json().aacOrderLotItemID;
    const body = { sublotName: 'A', floorName: null, productNo: w.article('PE-240-625'), itemLength: 2.5, version: 1 };
    const first = await call(cookie, 'PUT', `aacorderlotitems/${id}`, { ...body, qty: 7 });
    expect(first.statusCode).toBe(200);
    const stale = await call(cookie, 'PUT', `aacorderlotitems/${id}`, { ...body, qty: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'Conflict', messages: [{ message: 'ORDER.Errors.StaleRow' }] });
    expect((await call(cookie, 'DELETE', `aacorderlotitems/${id}?version=1`)).statusCode).toBe(409);
    const list = await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json().data[0]).toMatchObject({ qty: 7, version: 2 });
  });

  it('gives parallel new rows distinct positions and keeps them 1..n after parallel deletes, every try', async () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const row = (qty: number) => ({
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty,
    });
    const positions = async () =>
      (
        await w.db
          .selectFrom('aac_order_items')
          .select(['aac_order_lot_item_id as id', 'item_index', 'version'])
          .where('project_unit_id', '=', w.aacLot.project_unit_id)
          .orderBy('item_index')
          .execute()
      ).map((r) => ({ id: r.id, position: r.item_index, version: r.version }));
    const results: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await w.db.deleteFrom('aac_order_items').where('project_unit_id', '=', w.aacLot.project_unit_id).execute();
      const created = await Promise.all([1, 2, 3, 4].map((q) => call(cookie, 'POST', 'aacorderlotitems', row(q))));
      expect(created.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const stored = await positions();
      expect(stored.map((r) => r.position)).toEqual([1, 2, 3, 4]);
      // Two rows deleted at once: the rest close up to 1..2, still unique.
      const [second, third] = [stored[1]!, stored[2]!];
      const deleted = await Promise.all(
        [second, third].map((r) => call(cookie, 'DELETE', `aacorderlotitems/${r.id}?version=${r.version}`)),
      );
      expect(deleted.map((r) => r.statusCode)).toEqual([204, 204]);
      const after = await positions();
      expect(after.map((r) => r.position)).toEqual([1, 2]);
      expect(after.map((r) => r.id)).toEqual([stored[0]!.id, stored[3]!.id]);
      results.push(`${stored.map((r) => r.position).join(',')} → ${after.map((r) => r.position).join(',')}`);
    }
    console.info(`parallel order rows (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${results.join('; ')}`);
  });

  it("answers 404 for another tenant's lot, items and for a unit of the wrong type", async () => {
    const w = await orderWorld();
    const other = await orderWorld();
    const otherCookie = await signIn(app, other.external.login, TEST_PASSWORD);
    const created = await call(otherCookie, 'POST', 'aacorderlotitems', {
      projectUnitID: other.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: other.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const foreignId = created.json().aacOrderLotItemID;
    const cookie = await signIn(app, w.internal.login, TEST_PASSWORD);
    expect(
      (await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${other.aacLot.project_unit_id}`)).statusCode,
    ).toBe(404);
    expect((await call(cookie, 'GET', `aacproducts?projectUnitID=${other.aacLot.project_unit_id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(cookie, 'PUT', `aacorderlotitems/${foreignId}`, {
          sublotName: null,
          floorName: null,
          productNo: other.article('PE-240-625'),
          itemLength: 2.5,
          qty: 1,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(cookie, 'DELETE', `aacorderlotitems/${foreignId}?version=1`)).statusCode).toBe(404);
    expect(
      (await call(cookie, 'GET', `lintelorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`)).statusCode,
    ).toBe(404);
    const outsider = await signIn(app, (await createWorld(w.db)).external.login, TEST_PASSWORD);
    expect(
      (await call(outsider, 'GET', `lintelorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`)).statusCode,
    ).toBe(404);
  });

  it('derives hasCut and the type of a lintel row on the server and refuses an FS cut', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const post = (over: Record<string, unknown>) =>
      call(cookie, 'POST', 'lintelorderlotitems', {
        projectUnitID: w.lintelLot.project_unit_id,
        sublotName: 'Küche',
        floorName: 'EG',
        thickness: 175,
        length: 1250,
        height: 110,
        productNo: w.item('C-ST-175-1250-124'),
        qty: 2,
        ...over,
      });
    const cut = await post({});
    expect(cut.statusCode).toBe(200);
    expect(cut.json()).toMatchObject({ hasCut: true, lintelType: 'standard', height: 110, product: { height: 124 } });
    const exact = await post({ height: 124 });
    expect(exact.json()).toMatchObject({ hasCut: false });

    const fsCut = await post({ thickness: 115, length: 1250, height: 60, productNo: w.item('C-FS-115-1250-71') });
    expect(fsCut.statusCode).toBe(400);
    expect(fsCut.json().messages[0].message).toBe('ORDER.Problems.fsCannotBeCut');
    const fsWhole = await post({ thickness: 115, length: 1250, height: 71, productNo: w.item('C-FS-115-1250-71') });
    expect(fsWhole.json()).toMatchObject({ hasCut: false, lintelType: 'FS' });

    const mismatch = await post({ length: 1500 });
    expect(mismatch.json().messages[0].message).toBe('ORDER.Problems.productMismatch');
    const tooHigh = await post({ height: 130 });
    expect(tooHigh.json().messages[0].message).toBe('ORDER.Problems.heightTooLarge');

    const id = cut.json().lintelOrderLotItemID;
    const upd = await call(cookie, 'PUT', `lintelorderlotitems/${id}`, {
      sublotName: 'Küche',
      floorName: 'EG',
      thickness: 175,
      length: 1250,
      height: 124,
      productNo: w.item('C-ST-175-1250-124'),
      qty: 3,
      version: 1,
    });
    expect(upd.json()).toMatchObject({ hasCut: false, qty: 3, version: 2 });
    const stale = await call(cookie, 'PUT', `lintelorderlotitems/${id}`, {
      sublotName: 'Küche',
      floorName: 'EG',
      thickness: 175,
      length: 1250,
      height: 124,
      productNo: w.item('C-ST-175-1250-124'),
      qty: 4,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const reader = await signIn(app, w.internal.login, TEST_PASSWORD);
    expect((await call(reader, 'DELETE', `lintelorderlotitems/${id}?version=2`)).statusCode).toBe(403);
    expect((await call(cookie, 'DELETE', `lintelorderlotitems/${id}?version=2`)).statusCode).toBe(204);
    const list = await call(reader, 'GET', `lintelorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`);
    expect(list.json()).toMatchObject({ canEdit: false });
    expect(list.json().data).toHaveLength(2);
  });

  it('serves the active catalogue of the unit tenant; a stored row keeps its inactive product', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const res = await call(cookie, 'GET', `aacproducts?projectUnitID=${w.aacLot.project_unit_id}`);
    const list = res.json().data as { articleNo: string; active: boolean; thicknessMm: number }[];
    expect(list.length).toBeGreaterThan(20);
    expect(list.every((p) => p.active)).toBe(true);
    expect(list.find((p) => p.articleNo === 'PE-365-750')).toBeUndefined();
    await w.db
      .insertInto('aac_order_items')
      .values({
        project_unit_id: w.aacLot.project_unit_id,
        item_index: 1,
        aac_product_id: w.article('PE-365-750'),
        item_length: 2,
        qty: 1,
        sublot_name: null,
        floor_name: null,
        created_by: null,
      })
      .execute();
    const items = await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(items.json().data).toMatchObject([{ product: { articleNo: 'PE-365-750', active: false } }]);
    expect(Math.min(...list.map((p) => p.thicknessMm))).toBe(100);
    expect(Math.max(...list.map((p) => p.thicknessMm))).toBe(365);
    const lintels = (await call(cookie, 'GET', `lintelproducts?projectUnitID=${w.lintelLot.project_unit_id}`)).json()
      .data as { lintelType: string }[];
    expect(new Set(lintels.map((l) => l.lintelType))).toEqual(new Set(['standard', 'FS', 'load-bearing']));
  });

  const aacRow = (w: Awaited<ReturnType<typeof orderWorld>>, sublotName: string) => ({
    projectUnitID: w.aacLot.project_unit_id,
    sublotName,
    floorName: null,
    productNo: w.article('PE-240-625'),
    itemLength: 2.5,
    qty: 1,
  });
  type Listed = { aacOrderLotItemID: number; itemIndex: number; sublotName: string; version: number };
  const positions = async (cookie: string, unitId: number) =>
    ((await call(cookie, 'GET', `aacorderlotitems?projectUnitID=${unitId}`)).json().data as Listed[]).map((r) => [
      r.itemIndex,
      r.sublotName,
    ]);

  it('owns the positions: the client index is ignored and a delete closes the gap', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const ids: Listed[] = [];
    for (const name of ['A', 'B', 'C'])
      ids.push((await call(cookie, 'POST', 'aacorderlotitems', { ...aacRow(w, name), itemIndex: 1 })).json());
    expect(ids.map((r) => r.itemIndex)).toEqual([1, 2, 3]);
    const second = ids[1]!;
    expect(
      (await call(cookie, 'DELETE', `aacorderlotitems/${second.aacOrderLotItemID}?version=${second.version}`))
        .statusCode,
    ).toBe(204);
    const added = await call(cookie, 'POST', 'aacorderlotitems', { ...aacRow(w, 'D'), itemIndex: 3 });
    expect(added.json().itemIndex).toBe(3);
    expect(await positions(cookie, w.aacLot.project_unit_id)).toEqual([
      [1, 'A'],
      [2, 'C'],
      [3, 'D'],
    ]);
    // An update keeps the stored position whatever index the client sends.
    const c = ids[2]!;
    const moved = await call(cookie, 'PUT', `aacorderlotitems/${c.aacOrderLotItemID}`, {
      ...aacRow(w, 'C'),
      version: c.version,
      itemIndex: 1,
    });
    expect(moved.json().itemIndex).toBe(2);
  });

  it('gives parallel new rows distinct positions', async () => {
    const w = await orderWorld();
    const cookie = await signIn(app, w.external.login, TEST_PASSWORD);
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const created = await Promise.all(names.map((n) => call(cookie, 'POST', 'aacorderlotitems', aacRow(w, n))));
    expect(created.map((r) => r.statusCode)).toEqual(names.map(() => 200));
    const indexes = created.map((r) => r.json().itemIndex as number).sort((a, b) => a - b);
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6]);
    const lintels = await Promise.all(
      [1, 2, 3].map(() =>
        call(cookie, 'POST', 'lintelorderlotitems', {
          projectUnitID: w.lintelLot.project_unit_id,
          sublotName: null,
          floorName: null,
          thickness: 175,
          length: 1250,
          height: 124,
          productNo: w.item('C-ST-175-1250-124'),
          qty: 1,
        }),
      ),
    );
    expect(lintels.map((r) => r.json().itemIndex as number).sort()).toEqual([1, 2, 3]);
  });
});
