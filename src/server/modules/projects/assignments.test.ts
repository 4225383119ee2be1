import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { base, createProjectWorld, type ProjectWorld } from './test-world';

describe('product-type assignments and plants of a unit', () => {
  let app: FastifyInstance;
  let w: ProjectWorld;
  beforeAll(async () => {
    app = await createTestApp();
    w = await createProjectWorld(app, { state: 'Preparing' });
  });
  afterAll(() => app.close());
  const path = () => `${base}/projects/${w.sub.project_unit_id}/product-type-assignments`;

  it('internal users add, change and remove them; members read them; others get 404', async () => {
    const added = await w.call('internal', 'POST', path(), {
      productTypeID: w.productType.product_type_id,
      plantID: w.plant.plant_id,
      orderNumber: ' 4500012345 ',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      canEdit: true,
      data: [{ productType: 'Elemente', plant: 'Werk', orderNumber: '4500012345' }],
      productTypes: [{ productTypeID: w.productType.product_type_id, title: 'Elemente' }],
      plants: [{ plantID: w.plant.plant_id, name: 'Werk' }],
    });
    const id = added.json().data[0].assignmentID as number;

    const read = await w.call('member', 'GET', path());
    expect(read.json()).toMatchObject({ canEdit: false, productTypes: [], plants: [], data: [{ assignmentID: id }] });
    expect((await w.call('outsider', 'GET', path())).statusCode).toBe(404);
    expect((await w.call('foreign', 'GET', path())).statusCode).toBe(404);
    expect(
      (
        await w.call('member', 'POST', path(), {
          productTypeID: w.productType.product_type_id,
          plantID: null,
          orderNumber: null,
        })
      ).statusCode,
    ).toBe(403);

    const twice = await w.call('internal', 'POST', path(), {
      productTypeID: w.productType.product_type_id,
      plantID: null,
      orderNumber: null,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().messages[0].message).toBe('UNIT.ProductTypes.AlreadyAssigned');

    const changed = await w.call('planner', 'PUT', `${path()}/${id}`, {
      productTypeID: w.productType.product_type_id,
      plantID: null,
      orderNumber: '4500099999',
    });
    expect(changed.json().data[0]).toMatchObject({ plantID: null, plant: null, orderNumber: '4500099999' });
    // The search index follows.
    const indexed = await w.db
      .selectFrom('project_unit_search')
      .select('order_numbers')
      .where('project_unit_id', '=', w.sub.project_unit_id)
      .executeTakeFirstOrThrow();
    expect(indexed.order_numbers).toBe('4500099999');

    const removed = await w.call('internal', 'DELETE', `${path()}/${id}`);
    expect(removed.json().data).toEqual([]);
    expect((await w.call('internal', 'DELETE', `${path()}/${id}`)).statusCode).toBe(404);
  });

  it('refuses product types and plants of another tenant, bad order numbers and Closed projects', async () => {
    const foreignType = await w.db
      .insertInto('product_types')
      .values({ tenant_id: w.other.tenant.tenant_id, title: 'Fremd' })
      .returning('product_type_id')
      .executeTakeFirstOrThrow();
    const bad = await w.call('internal', 'POST', path(), {
      productTypeID: foreignType.product_type_id,
      plantID: null,
      orderNumber: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatchObject({ message: 'VALIDATION.InvalidChoice', reference: 'productTypeID' });
    const format = await w.call('internal', 'POST', path(), {
      productTypeID: w.productType.product_type_id,
      plantID: null,
      orderNumber: 'A; drop',
    });
    expect(format.statusCode).toBe(400);
    // Ids the database's integer column cannot hold: a 400 naming the field, never a 500.
    for (const [field, value] of [
      ['productTypeID', 2 ** 31],
      ['productTypeID', Number.MAX_SAFE_INTEGER],
      ['plantID', 2 ** 31],
      ['plantID', 0],
      ['productTypeID', 1.5],
    ] as const) {
      const res = await w.call('internal', 'POST', path(), {
        productTypeID: w.productType.product_type_id,
        plantID: null,
        orderNumber: null,
        [field]: value,
      });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().messages[0], `${field} ${value}`).toMatchObject({ reference: field });
    }
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Closed' })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    const closed = await w.call('internal', 'POST', path(), {
      productTypeID: w.productType.product_type_id,
      plantID: null,
      orderNumber: null,
    });
    expect(closed.statusCode).toBe(403);
    expect((await w.call('internal', 'GET', path())).json().canEdit).toBe(false);
  });
});
