import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../platform/events';
import { createTestApp } from '../../test/app';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import { sendDailyStatusMails } from '../workflow/jobs';
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

describe('mail preferences', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  type Pref = { kind: string; delivery: string; defaultDelivery: string };
  const prefsOf = async (
    w: Awaited<ReturnType<typeof onboardingWorld>>,
    who: 'coordinator' | 'reviewer' | 'processor',
  ) => {
    const res = await w.call(who, 'GET', `${base}/mail-preferences`);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json().data as Pref[]).map((p) => [p.kind, p.delivery]));
  };
  const mailsTo = (w: Awaited<ReturnType<typeof onboardingWorld>>, to: string) =>
    w.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'headers'])
      .where('recipient', '=', to)
      .orderBy('mail_id')
      .execute();
  const tokenOf = (header: string | undefined) => decodeURIComponent(/token=([^>]+)>$/.exec(header ?? '')?.[1] ?? '');
  const unsubscribe = (token: string, payload = 'List-Unsubscribe=One-Click', accept = 'application/json') =>
    app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      payload,
    });

  it('has defaults by role; saves choices; refuses a bad kind, value or a kind twice with nothing changed', async () => {
    const w = await onboardingWorld(app);
    const internal = await prefsOf(w, 'coordinator');
    expect(internal).toMatchObject({
      'task.assigned': 'immediately',
      'unit.state.changed': 'digest',
      mention: 'immediately',
    });
    const external = await prefsOf(w, 'reviewer');
    expect(external).toMatchObject({
      'order.placed': 'immediately',
      'delivery.confirmed': 'immediately',
      'task.assigned': 'digest',
      'file.version.added': 'digest',
    });
    for (const preferences of [
      [{ kind: 'project.created', delivery: 'off' }],
      [{ kind: 'mention', delivery: 'weekly' }],
      [
        { kind: 'mention', delivery: 'off' },
        { kind: 'mention', delivery: 'digest' },
      ],
      [],
    ]) {
      const res = await w.call('reviewer', 'PUT', `${base}/mail-preferences`, { preferences });
      expect(res.statusCode, JSON.stringify(preferences)).toBe(400);
      expect(res.json().messages.length).toBeGreaterThan(0);
    }
    expect(await prefsOf(w, 'reviewer')).toEqual(external);
    const saved = await w.call('reviewer', 'PUT', `${base}/mail-preferences`, {
      preferences: [
        { kind: 'mention', delivery: 'digest' },
        { kind: 'task.assigned', delivery: 'off' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(await prefsOf(w, 'reviewer')).toEqual({ ...external, mention: 'digest', 'task.assigned': 'off' });
    // Another user's choices are their own.
    expect(await prefsOf(w, 'processor')).toEqual(external);
  });

  it('mails "immediately" once with the one-click headers, "off" not at all, collects "digest"; the one-click POST turns off that kind only; forged tokens are refused', async () => {
    const w = await onboardingWorld(app);
    // The reviewer turns the "added to a project" mail off; the processor keeps the default (immediately).
    expect(
      (
        await w.call('reviewer', 'PUT', `${base}/mail-preferences`, {
          preferences: [{ kind: 'member.added', delivery: 'off' }],
        })
      ).statusCode,
    ).toBe(200);
    const created = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Post', { members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }] }),
    );
    const id: number = created.json().projectUnitID;
    for (const u of [w.reviewer, w.processor]) {
      const res = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
        userID: u.user_id,
        memberRoleKeys: ['member'],
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(w, w.reviewer.email!)).toEqual([]);
    const [added, ...more] = await mailsTo(w, w.processor.email!);
    expect(more).toEqual([]);
    const header = added?.headers?.['List-Unsubscribe'];
    expect(header).toMatch(/^<http.*\/api\/mail\/unsubscribe\?token=.+>$/);
    expect(added?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The generic mail of an event (the coordinator's new task, internal default: immediately).
    const toCoordinator = await mailsTo(w, w.coordinator.email!);
    expect(toCoordinator.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Neue Aufgabe')]),
    );
    expect(toCoordinator.every((m) => m.headers?.['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click')).toBe(
      true,
    );
    expect(await mailsTo(w, w.planner.email!)).toEqual([]);

    // Forged or foreign tokens: refused in the error shape, nothing changed.
    const token = tokenOf(header);
    const before = await prefsOf(w, 'processor');
    const forged = token.replace(/^\d+\./, `${w.reviewer.user_id}.`);
    const otherKind = token.replace('.member.added.', '.mention.');
    for (const bad of [forged, otherKind, `${token.slice(0, -2)}AA`, 'nonsense']) {
      const res = await unsubscribe(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().messages[0].message).toBe('MAIL.Preferences.InvalidLink');
    }
    expect((await unsubscribe(token, 'List-Unsubscribe=Later')).statusCode).toBe(400);
    expect(await prefsOf(w, 'processor')).toEqual(before);
    expect(await prefsOf(w, 'reviewer')).toMatchObject({ 'member.added': 'off', mention: 'immediately' });

    // The link's page in the user's language (Dutch), then the one-click POST without session or CSRF header.
    const page = await app.inject({ url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="nl"');
    expect(page.body).toContain('Ik word aan een project toegevoegd');
    const done = await unsubscribe(token);
    expect(done.statusCode).toBe(200);
    expect(await prefsOf(w, 'processor')).toEqual({ ...before, 'member.added': 'off' });

    // The digest: the coordinator wants "added to a project" in it; the daily mail lists it with the open task.
    await w.call('coordinator', 'PUT', `${base}/mail-preferences`, {
      preferences: [{ kind: 'member.added', delivery: 'digest' }],
    });
    expect(await sendDailyStatusMails(app.ctx, new Date(), [w.coordinator.user_id])).toBe(1);
    const digest = (await mailsTo(w, w.coordinator.email!)).at(-1);
    expect(digest?.subject).toContain('Zusammenfassung');
    expect(digest?.text_body).toContain('Sie wurden dem Projekt hinzugefügt');
    expect(digest?.text_body).toContain('Post');
    expect(tokenOf(digest?.headers?.['List-Unsubscribe'])).toMatch(/^\d+\.digest\./);

    // A day without a digest loses nothing: the next one reaches back to the previous one, not 24 h.
    const first = new Date();
    const later = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Zweite Glocke', {
        members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }],
      }),
    );
    expect(later.statusCode).toBe(200);
    const twoDaysOn = new Date(first.getTime() + 49 * 3_600_000);
    expect(await sendDailyStatusMails(app.ctx, twoDaysOn, [w.coordinator.user_id])).toBe(1);
    const next = (await mailsTo(w, w.coordinator.email!)).at(-1)?.text_body ?? '';
    expect(next).toContain('Zweite Glocke');
    // What the previous digest listed is not listed again.
    expect(next.match(/Sie wurden dem Projekt hinzugefügt/g)).toHaveLength(1);
  });
});
