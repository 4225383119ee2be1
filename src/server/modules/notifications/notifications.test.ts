import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../platform/events';
import { createTestApp } from '../../test/app';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import type { Notification } from '../../../shared/schemas/notifications';

describe('notification centre', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('writes notifications from the events of real changes to those concerned who may read the unit, never to the actor', async () => {
    const w = await onboardingWorld(app);
    const created = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Glocke', { members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }] }),
    );
    expect(created.statusCode).toBe(200);
    const id: number = created.json().projectUnitID;
    const list = async (who: Parameters<typeof w.call>[0], query = '') => {
      const res = await w.call(who, 'GET', `/api/notifications${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: Notification[]; count: number };
    };
    const count = async (who: Parameters<typeof w.call>[0]) =>
      (await w.call(who, 'GET', '/api/notifications/unread-count')).json().unread as number;

    // The coordinator holds the Structuring task with the planner; the planner made the change.
    const coordinator = await list('coordinator');
    expect(coordinator.data.map((n) => n.type).sort()).toEqual(['member.added', 'task.assigned']);
    expect(coordinator.data.find((n) => n.type === 'task.assigned')).toMatchObject({
      read: false,
      unit: { projectUnitID: id, rootProjectUnitID: id, title: 'Glocke' },
      actor: { userID: w.planner.user_id, name: 'Paula Planer' },
      details: { taskKey: 'Structuring' },
    });
    expect((await list('planner')).data).toEqual([]);

    // A member added hears of it; the one who added does not; nobody else does.
    expect(
      (
        await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
          userID: w.reviewer.user_id,
          memberRoleKeys: ['reviewer'],
        })
      ).statusCode,
    ).toBe(200);
    const reviewer = await list('reviewer');
    expect(reviewer.data.map((n) => n.type)).toEqual(['member.added']);
    expect(reviewer.data[0]?.unit?.projectUnitNo).toMatch(/\S/);
    expect(await count('reviewer')).toBe(1);
    for (const who of ['planner', 'internal', 'otherPlanner', 'otherAdmin', 'processor'] as const) {
      expect(await count(who), who).toBe(0);
    }
  });

  it('filters by who may read the root now (membership, internal staff, tenant) and writes nothing on rollback', async () => {
    const w = await onboardingWorld(app);
    const id: number = (await w.call('planner', 'POST', `${base}/root-projects`, w.project('Filter'))).json()
      .projectUnitID;
    const tenantId = w.tenant.tenant_id;
    const mention = (userId: number) =>
      emitEvent(w.db, {
        type: 'mention',
        tenantId,
        rootProjectUnitId: id,
        projectUnitId: id,
        actorUserId: w.planner.user_id,
        subject: { kind: 'user', id: userId },
        data: { userId },
      });
    const mine = (userId: number) =>
      w.db.selectFrom('notifications').select(['type', 'event_id']).where('user_id', '=', userId).execute();

    // An external non-member and a user of another tenant cannot read the project: nothing.
    await mention(w.processor.user_id);
    await mention(w.other.internal.user_id);
    await mention(w.other.admin.user_id);
    expect(await mine(w.processor.user_id)).toEqual([]);
    expect(await mine(w.other.internal.user_id)).toEqual([]);
    expect(await mine(w.other.admin.user_id)).toEqual([]);
    // Internal staff of the tenant read every project of it.
    await mention(w.internal.user_id);
    expect((await mine(w.internal.user_id)).map((n) => n.type)).toEqual(['mention']);
    // The actor never notifies themself.
    await mention(w.planner.user_id);
    expect(await mine(w.planner.user_id)).toEqual([]);

    // A change that rolls back leaves neither event nor notification.
    await w.db
      .insertInto('members')
      .values({ root_project_unit_id: id, user_id: w.processor.user_id, role_keys: ['member'] })
      .execute();
    let eventId = 0;
    await w.db
      .transaction()
      .execute(async (trx) => {
        eventId = (
          await emitEvent(trx, {
            type: 'mention',
            tenantId,
            rootProjectUnitId: id,
            projectUnitId: id,
            actorUserId: w.planner.user_id,
            subject: { kind: 'user', id: w.processor.user_id },
            data: { userId: w.processor.user_id },
          })
        ).eventId;
        expect(
          (await trx.selectFrom('notifications').select('user_id').where('event_id', '=', eventId).execute()).length,
        ).toBe(1);
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(eventId).toBeGreaterThan(0);
    expect(await w.db.selectFrom('events').select('event_id').where('event_id', '=', eventId).execute()).toEqual([]);
    expect(await mine(w.processor.user_id)).toEqual([]);
    // Now a member: the same event reaches them.
    await mention(w.processor.user_id);
    expect((await mine(w.processor.user_id)).map((n) => n.type)).toEqual(['mention']);
  });

  it('lists newest first with paging, counts unread, marks one and all read; bad or foreign ids are refused', async () => {
    const w = await onboardingWorld(app);
    const id: number = (
      await w.call(
        'planner',
        'POST',
        `${base}/root-projects`,
        w.project('Lesen', { members: [{ userID: w.reviewer.user_id, memberRoleKeys: ['reviewer'] }] }),
      )
    ).json().projectUnitID;
    for (let i = 0; i < 3; i++) {
      await emitEvent(w.db, {
        type: 'mention',
        tenantId: w.tenant.tenant_id,
        rootProjectUnitId: id,
        projectUnitId: id,
        actorUserId: w.planner.user_id,
        subject: { kind: 'user', id: w.reviewer.user_id },
        data: { userId: w.reviewer.user_id },
      });
    }
    const all = (await w.call('reviewer', 'GET', '/api/notifications')).json();
    expect(all.count).toBe(4); // the member.added of the creation, and three mentions
    const ids = all.data.map((n: Notification) => n.notificationID);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page = (await w.call('reviewer', 'GET', '/api/notifications?$top=2&$skip=2')).json();
    expect(page.data.map((n: Notification) => n.notificationID)).toEqual(ids.slice(2));

    expect((await w.call('reviewer', 'POST', `/api/notifications/${ids[0]}/read`)).statusCode).toBe(200);
    expect((await w.call('reviewer', 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 3 });
    // Someone else's notification is not found; a bad id is a validation error; nothing changes.
    expect((await w.call('planner', 'POST', `/api/notifications/${ids[1]}/read`)).statusCode).toBe(404);
    const bad = await w.call('reviewer', 'POST', '/api/notifications/abc/read');
    expect(bad.statusCode).toBe(400);
    expect((await w.call('reviewer', 'GET', '/api/notifications?$top=100000')).statusCode).toBe(400);
    expect((await w.call('reviewer', 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 3 });

    expect((await w.call('reviewer', 'POST', '/api/notifications/read-all')).json()).toEqual({ marked: 3 });
    expect((await w.call('reviewer', 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 0 });
    const after = (await w.call('reviewer', 'GET', '/api/notifications')).json();
    expect(after.data.every((n: Notification) => n.read)).toBe(true);
  });
});
