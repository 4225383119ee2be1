import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { createWorld } from '../../test/factories';
import { orderWorld } from '../../test/order-world';

const base = '/api/data/portal';

describe('order items', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates, loads with computed columns, updates and deletes AAC rows for the task holder', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const created = await call('customer', 'POST', `${base}/aacorderlotitems`, {
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

    const list = await call('customer', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json()).toMatchObject({ canEdit: true, data: [{ aacOrderLotItemID: id, itemLength: 2.5 }] });

    const updated = await call('customer', 'PUT', `${base}/aacorderlotitems/${id}`, {
      sublotName: 'Bad',
      floorName: 'OG',
      productNo: w.article('PE-240-625'),
      itemLength: 3.02,
      qty: 4,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ floorName: 'OG', itemLength: 3.02, qty: 4, version: 2 });

    const second = await call('customer', 'POST', `${base}/aacorderlotitems`, {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-100-500'),
      itemLength: 1,
      qty: 1,
    });
    expect(second.json().itemIndex).toBe(2);

    expect((await call('customer', 'DELETE', `${base}/aacorderlotitems/${id}?version=2`)).statusCode).toBe(204);
    const after = await call('customer', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    // The server renumbers: the row behind the deleted one moves up.
    expect(after.json().data.map((r: { itemIndex: number }) => r.itemIndex)).toEqual([1]);
  });

  it('refuses AAC rows that break a rule, naming each problem', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const post = (over: Record<string, unknown>) =>
      call('customer', 'POST', `${base}/aacorderlotitems`, {
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
    const { call } = await signInActors(app, { customer: w.external });
    const res = await call('customer', 'POST', `${base}/aacorderlotitems`, {
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
    const { call } = await signInActors(app, { holder: w.external, reader: w.internal });
    const created = await call('holder', 'POST', `${base}/aacorderlotitems`, {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const id = created.json().aacOrderLotItemID;
    const list = await call('reader', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json()).toMatchObject({ canEdit: false, data: [{ aacOrderLotItemID: id }] });
    const denied = await call('reader', 'POST', `${base}/aacorderlotitems`, {
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
        await call('reader', 'PUT', `${base}/aacorderlotitems/${id}`, {
          sublotName: null,
          floorName: null,
          productNo: w.article('PE-240-625'),
          itemLength: 2.5,
          qty: 5,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('reader', 'DELETE', `${base}/aacorderlotitems/${id}?version=1`)).statusCode).toBe(403);

    // A closed task (the order was placed) freezes the table for the holder too.
    await w.db
      .updateTable('tasks')
      .set({ closed_at: new Date() })
      .where('project_unit_id', '=', w.aacLot.project_unit_id)
      .execute();
    expect(
      (await call('holder', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`)).json()
        .canEdit,
    ).toBe(false);
    expect((await call('holder', 'DELETE', `${base}/aacorderlotitems/${id}?version=1`)).statusCode).toBe(403);
  });

  it('answers a stale row version with 409 and keeps the newer save', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const created = await call('customer', 'POST', `${base}/aacorderlotitems`, {
      projectUnitID: w.aacLot.project_unit_id,
      sublotName: 'A',
      floorName: null,
      productNo: w.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const id = created.json().aacOrderLotItemID;
    const body = { sublotName: 'A', floorName: null, productNo: w.article('PE-240-625'), itemLength: 2.5, version: 1 };
    const first = await call('customer', 'PUT', `${base}/aacorderlotitems/${id}`, { ...body, qty: 7 });
    expect(first.statusCode).toBe(200);
    const stale = await call('customer', 'PUT', `${base}/aacorderlotitems/${id}`, { ...body, qty: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'Conflict', messages: [{ message: 'ORDER.Errors.StaleRow' }] });
    expect((await call('customer', 'DELETE', `${base}/aacorderlotitems/${id}?version=1`)).statusCode).toBe(409);
    const list = await call('customer', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(list.json().data[0]).toMatchObject({ qty: 7, version: 2 });
  });

  it("answers 404 for another tenant's lot, items and for a unit of the wrong type", async () => {
    const w = await orderWorld();
    const other = await orderWorld();
    const { call } = await signInActors(app, {
      otherCustomer: other.external,
      internal: w.internal,
      outsider: (await createWorld(w.db)).external,
    });
    const created = await call('otherCustomer', 'POST', `${base}/aacorderlotitems`, {
      projectUnitID: other.aacLot.project_unit_id,
      sublotName: null,
      floorName: null,
      productNo: other.article('PE-240-625'),
      itemLength: 2.5,
      qty: 3,
    });
    const foreignId = created.json().aacOrderLotItemID;
    expect(
      (await call('internal', 'GET', `${base}/aacorderlotitems?projectUnitID=${other.aacLot.project_unit_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('internal', 'GET', `${base}/aacproducts?projectUnitID=${other.aacLot.project_unit_id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('internal', 'PUT', `${base}/aacorderlotitems/${foreignId}`, {
          sublotName: null,
          floorName: null,
          productNo: other.article('PE-240-625'),
          itemLength: 2.5,
          qty: 1,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('internal', 'DELETE', `${base}/aacorderlotitems/${foreignId}?version=1`)).statusCode).toBe(404);
    expect(
      (await call('internal', 'GET', `${base}/lintelorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('internal', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('outsider', 'GET', `${base}/lintelorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`))
        .statusCode,
    ).toBe(404);
  });

  it('derives hasCut and the type of a lintel row on the server and refuses an FS cut', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external, reader: w.internal });
    const post = (over: Record<string, unknown>) =>
      call('customer', 'POST', `${base}/lintelorderlotitems`, {
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
    const upd = await call('customer', 'PUT', `${base}/lintelorderlotitems/${id}`, {
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
    const stale = await call('customer', 'PUT', `${base}/lintelorderlotitems/${id}`, {
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
    expect((await call('reader', 'DELETE', `${base}/lintelorderlotitems/${id}?version=2`)).statusCode).toBe(403);
    expect((await call('customer', 'DELETE', `${base}/lintelorderlotitems/${id}?version=2`)).statusCode).toBe(204);
    const list = await call(
      'reader',
      'GET',
      `${base}/lintelorderlotitems?projectUnitID=${w.lintelLot.project_unit_id}`,
    );
    expect(list.json()).toMatchObject({ canEdit: false });
    expect(list.json().data).toHaveLength(2);
  });

  it('serves the active catalogue of the unit tenant; a stored row keeps its inactive product', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const res = await call('customer', 'GET', `${base}/aacproducts?projectUnitID=${w.aacLot.project_unit_id}`);
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
    const items = await call('customer', 'GET', `${base}/aacorderlotitems?projectUnitID=${w.aacLot.project_unit_id}`);
    expect(items.json().data).toMatchObject([{ product: { articleNo: 'PE-365-750', active: false } }]);
    expect(Math.min(...list.map((p) => p.thicknessMm))).toBe(100);
    expect(Math.max(...list.map((p) => p.thicknessMm))).toBe(365);
    const lintels = (
      await call('customer', 'GET', `${base}/lintelproducts?projectUnitID=${w.lintelLot.project_unit_id}`)
    ).json().data as { lintelType: string }[];
    expect(new Set(lintels.map((l) => l.lintelType))).toEqual(new Set(['standard', 'FS', 'load-bearing']));
  });
});
