import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { createAacProduct, createChildUnit } from '../../test/factories';
import { base, createProjectWorld } from './test-world';

/** Changing and deleting units: the fields and rules of an update, the rules of a delete. */
describe('project unit updates and deletes', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('updates only the given fields and refuses edits outside the rules', async () => {
    const w = await createProjectWorld(app);
    const res = await w.call('member', 'PUT', `${base}/projects/${w.lot.project_unit_id}`, {
      projectUnitID: w.lot.project_unit_id,
      notes: 'neu',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'EG', notes: 'neu' });
    expect((await w.call('member', 'PUT', `${base}/projects/${w.lot.project_unit_id}`, { title: '' })).statusCode).toBe(
      400,
    );
    // An external member may not edit the root project; internal users may.
    expect(
      (await w.call('member', 'PUT', `${base}/projects/${w.root.project_unit_id}`, { title: 'Neu' })).statusCode,
    ).toBe(403);
    expect(
      (await w.call('internal', 'PUT', `${base}/projects/${w.root.project_unit_id}`, { title: 'Neu' })).statusCode,
    ).toBe(200);
    const later = await createProjectWorld(app, { state: 'ProvideFiles' });
    expect(
      (await later.call('member', 'PUT', `${base}/projects/${later.lot.project_unit_id}`, { notes: 'x' })).statusCode,
    ).toBe(403);
  });

  it('deletes by the rules: never the root, planner always, others only while Structuring, folder always', async () => {
    const w = await createProjectWorld(app, { state: 'Preparing' });
    const del = (who: 'member' | 'planner', id: number) => w.call(who, 'DELETE', `${base}/projects/${id}`);
    const refused = await del('member', w.lot.project_unit_id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0]).toMatchObject({ message: 'PROJECT.Delete.NotAllowedMessage', reference: 'EG' });
    expect((await del('planner', w.root.project_unit_id)).statusCode).toBe(403);
    const folder = await createChildUnit(w.db, w.root, { project_unit_type: 'folder', title: 'Ablage' });
    expect((await del('member', folder.project_unit_id)).json()).toEqual({
      parentProjectUnitID: w.root.project_unit_id,
    });
    const ok = await del('planner', w.sub.project_unit_id);
    expect(ok.json()).toEqual({ parentProjectUnitID: w.root.project_unit_id });
    expect((await w.call('planner', 'GET', `${base}/projects/${w.lot.project_unit_id}`)).statusCode).toBe(404);

    const s = await createProjectWorld(app);
    expect((await s.call('member', 'DELETE', `${base}/projects/${s.lot.project_unit_id}`)).statusCode).toBe(200);
  });

  it('asks to delete the items of an order lot first', async () => {
    const w = await createProjectWorld(app, { variant: 'aac_elements' });
    const lot = await createChildUnit(w.db, w.sub, { project_unit_type: 'aacorderlot', title: 'Lieferung' });
    const productId = await createAacProduct(w.db, w.tenant.tenant_id, { pallet_capacity: 1.5 });
    await w.db
      .insertInto('aac_order_items')
      .values({
        project_unit_id: lot.project_unit_id,
        item_index: 1,
        aac_product_id: productId,
        item_length: 2.5,
        qty: 3,
      })
      .execute();
    const res = await w.call('planner', 'DELETE', `${base}/projects/${lot.project_unit_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().messages[0]).toMatchObject({
      message: 'PROJECT.Delete.DeleteItemsFirstMessage',
      reference: 'Lieferung',
    });
    expect((await w.call('planner', 'GET', `${base}/projects/${lot.project_unit_id}`)).json().abilities.delete).toBe(
      'deleteItemsFirst',
    );
    await w.db.deleteFrom('aac_order_items').where('project_unit_id', '=', lot.project_unit_id).execute();
    expect((await w.call('planner', 'DELETE', `${base}/projects/${lot.project_unit_id}`)).statusCode).toBe(200);
  });
});
