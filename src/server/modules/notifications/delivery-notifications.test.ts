import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { addMember, createUser } from '../../test/factories';
import { base, createProjectWorld, defaultFeatures } from '../projects/test-world';

describe('notifications of delivery lots', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('a lot created, changed and confirmed reaches the project members, not the planner who did it, nor strangers', async () => {
    const w = await createProjectWorld(app, {
      state: 'ProvideFiles',
      features: { ...defaultFeatures, DeliveryOverview: true },
    });
    const purchaser = await createUser(w.db, w.tenant.tenant_id);
    await addMember(w.db, w.root.project_unit_id, purchaser.user_id, ['customer', 'purchaser']);
    const kinds = async (userId: number) =>
      (
        await w.db
          .selectFrom('notifications')
          .select(['type', 'data'])
          .where('user_id', '=', userId)
          .where('root_project_unit_id', '=', w.root.project_unit_id)
          .where('type', 'in', ['delivery.lot.changed', 'delivery.confirmed'])
          .orderBy('notification_id')
          .execute()
      ).map((n) => `${n.type}:${String(n.data.change)}`);

    const body = {
      title: 'Lieferung 1',
      requestedDate: '2026-12-20',
      confirmedDate: null,
      deliveryType: 2,
      approvalLotIDs: [w.lot.project_unit_id],
      walls: [],
    };
    const created = await w.call('planner', 'POST', `${base}/delivery-overview/${w.root.project_unit_id}`, body);
    expect(created.statusCode).toBe(200);
    const lotId = created.json().deliveryLotID;
    expect(
      (await w.call('planner', 'PUT', `${base}/delivery-lots/${lotId}`, { ...body, title: 'Lieferung 1a' })).statusCode,
    ).toBe(200);
    expect((await w.call('planner', 'POST', `${base}/delivery-lots/${lotId}/confirm`)).statusCode).toBe(200);

    const expected = ['delivery.lot.changed:created', 'delivery.lot.changed:changed', 'delivery.confirmed:confirmed'];
    expect(await kinds(purchaser.user_id)).toEqual(expected);
    expect(await kinds(w.external.user_id)).toEqual(expected);
    expect(await kinds(w.internalMember.user_id)).toEqual(expected);
    expect(await kinds(w.planner.user_id)).toEqual([]);
    for (const stranger of [w.outsider.user_id, w.other.internal.user_id, w.internal.user_id]) {
      expect(await kinds(stranger)).toEqual([]);
    }
  });
});
