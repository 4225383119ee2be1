import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createProject, createUser, createWorld } from '../../test/factories';

/**
 * Product-type titles per language (T-29): kept beside the base title, shown in the reader's
 * language, else the tenant's (German here), else the base title — in the product-type
 * assignments of a unit, their choice list and the tenant's product types.
 */
describe('product-type titles per language', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function setup() {
    const db = await getTestDatabase();
    const w = await createWorld(db, {});
    const t = w.tenant.tenant_id;
    const type = (title: string, titles: Record<string, string>) =>
      db
        .insertInto('product_types')
        .values({ tenant_id: t, title, title_by_language: JSON.stringify(titles) })
        .returning('product_type_id')
        .executeTakeFirstOrThrow();
    // Dutch and English titles.
    const elements = await type('Porenbeton-Planelemente', { en: 'AAC planar elements', nl: 'Cellenbetonelementen' });
    // No Dutch title, but one in the tenant's language (German) that differs from the base.
    const lintels = await type('PB-Stürze', { de: 'Porenbeton-Stürze', en: 'AAC lintels' });
    // No title per language at all: the base title for everyone.
    const blocks = await type('Planblöcke', {});
    const customer = await createUser(db, t, { language: 'nl' });
    const coordinator = await createUser(db, t, { is_internal: true, language: 'nl' });
    const root = await createProject(db, t, { state_key: 'ProvideFiles' });
    await addMember(db, root.project_unit_id, customer.user_id, ['customer', 'purchaser']);
    await addMember(db, root.project_unit_id, coordinator.user_id, ['projectCoordinator']);
    for (const id of [elements, lintels, blocks].map((r) => r.product_type_id))
      await db
        .insertInto('project_unit_product_type_assignments')
        .values({ project_unit_id: root.project_unit_id, product_type_id: id })
        .execute();
    const { call } = await signInActors(app, { customer, coordinator });
    return { db, t, root, call, ids: [elements, lintels, blocks].map((r) => r.product_type_id) };
  }

  it("shows a Dutch reader the Dutch title in the assignments, else the tenant's language, else the base", async () => {
    const s = await setup();
    const list = async (who: 'customer' | 'coordinator') =>
      (await s.call(who, 'GET', `/api/data/portal/projects/${s.root.project_unit_id}/product-type-assignments`)).json();
    const customer = await list('customer');
    expect(customer.data.map((a: { productType: string }) => a.productType)).toEqual([
      'Cellenbetonelementen',
      'Porenbeton-Stürze',
      'Planblöcke',
    ]);
    // The choice list of an internal user who may change the assignments, in the same language.
    const coordinator = await list('coordinator');
    expect(coordinator.canEdit).toBe(true);
    const [elements, lintels, blocks] = s.ids;
    expect(coordinator.productTypes).toEqual(
      expect.arrayContaining([
        { productTypeID: elements, title: 'Cellenbetonelementen' },
        { productTypeID: lintels, title: 'Porenbeton-Stürze' },
        { productTypeID: blocks, title: 'Planblöcke' },
      ]),
    );
  });

  it("lists the tenant's product types in the reader's language", async () => {
    const s = await setup();
    const res = await s.call('customer', 'GET', '/api/data/portal/producttypes');
    expect(res.statusCode).toBe(200);
    const [elements, lintels, blocks] = s.ids;
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { productTypeID: elements, title: 'Cellenbetonelementen' },
        { productTypeID: lintels, title: 'Porenbeton-Stürze' },
        { productTypeID: blocks, title: 'Planblöcke' },
      ]),
    );
  });

  it('refuses titles in other languages than de, en and nl', async () => {
    const s = await setup();
    await expect(
      s.db
        .insertInto('product_types')
        .values({ tenant_id: s.t, title: 'X', title_by_language: JSON.stringify({ fr: 'X' }) })
        .execute(),
    ).rejects.toThrow();
  });
});
