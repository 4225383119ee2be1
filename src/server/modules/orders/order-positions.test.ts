import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { orderWorld } from '../../test/order-world';

const base = '/api/data/portal';

/** Positions of order rows: owned by the server, unique and 1..n also under parallel writes. */
describe('order row positions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const aacRow = (w: Awaited<ReturnType<typeof orderWorld>>, sublotName: string) => ({
    projectUnitID: w.aacLot.project_unit_id,
    sublotName,
    floorName: null,
    productNo: w.article('PE-240-625'),
    itemLength: 2.5,
    qty: 1,
  });
  type Listed = { aacOrderLotItemID: number; itemIndex: number; sublotName: string; version: number };
  const positions = async <K extends string>(call: Call<K>, who: K, unitId: number) =>
    ((await call(who, 'GET', `${base}/aacorderlotitems?projectUnitID=${unitId}`)).json().data as Listed[]).map((r) => [
      r.itemIndex,
      r.sublotName,
    ]);

  it('gives parallel new rows distinct positions and keeps them 1..n after parallel deletes, every try', async () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
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
      const created = await Promise.all(
        [1, 2, 3, 4].map((q) => call('customer', 'POST', `${base}/aacorderlotitems`, row(q))),
      );
      expect(created.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const stored = await positions();
      expect(stored.map((r) => r.position)).toEqual([1, 2, 3, 4]);
      // Two rows deleted at once: the rest close up to 1..2, still unique.
      const [second, third] = [stored[1]!, stored[2]!];
      const deleted = await Promise.all(
        [second, third].map((r) => call('customer', 'DELETE', `${base}/aacorderlotitems/${r.id}?version=${r.version}`)),
      );
      expect(deleted.map((r) => r.statusCode)).toEqual([204, 204]);
      const after = await positions();
      expect(after.map((r) => r.position)).toEqual([1, 2]);
      expect(after.map((r) => r.id)).toEqual([stored[0]!.id, stored[3]!.id]);
      results.push(`${stored.map((r) => r.position).join(',')} → ${after.map((r) => r.position).join(',')}`);
    }
    console.info(`parallel order rows (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${results.join('; ')}`);
  });

  it('owns the positions: the client index is ignored and a delete closes the gap', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const ids: Listed[] = [];
    for (const name of ['A', 'B', 'C'])
      ids.push(
        (await call('customer', 'POST', `${base}/aacorderlotitems`, { ...aacRow(w, name), itemIndex: 1 })).json(),
      );
    expect(ids.map((r) => r.itemIndex)).toEqual([1, 2, 3]);
    const second = ids[1]!;
    expect(
      (
        await call(
          'customer',
          'DELETE',
          `${base}/aacorderlotitems/${second.aacOrderLotItemID}?version=${second.version}`,
        )
      ).statusCode,
    ).toBe(204);
    const added = await call('customer', 'POST', `${base}/aacorderlotitems`, { ...aacRow(w, 'D'), itemIndex: 3 });
    expect(added.json().itemIndex).toBe(3);
    expect(await positions(call, 'customer', w.aacLot.project_unit_id)).toEqual([
      [1, 'A'],
      [2, 'C'],
      [3, 'D'],
    ]);
    // An update keeps the stored position whatever index the client sends.
    const c = ids[2]!;
    const moved = await call('customer', 'PUT', `${base}/aacorderlotitems/${c.aacOrderLotItemID}`, {
      ...aacRow(w, 'C'),
      version: c.version,
      itemIndex: 1,
    });
    expect(moved.json().itemIndex).toBe(2);
  });

  it('gives parallel new rows distinct positions', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { customer: w.external });
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const created = await Promise.all(
      names.map((n) => call('customer', 'POST', `${base}/aacorderlotitems`, aacRow(w, n))),
    );
    expect(created.map((r) => r.statusCode)).toEqual(names.map(() => 200));
    const indexes = created.map((r) => r.json().itemIndex as number).sort((a, b) => a - b);
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6]);
    const lintels = await Promise.all(
      [1, 2, 3].map(() =>
        call('customer', 'POST', `${base}/lintelorderlotitems`, {
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
