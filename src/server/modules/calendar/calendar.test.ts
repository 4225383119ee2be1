import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { base, createProjectWorld, defaultFeatures, type ProjectWorld } from '../projects/test-world';

/** The iCalendar feed: a secret address per user, the delivery lots of the projects the user may read. */
describe('calendar feed', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  const feedApi = `${base}/calendar-feed`;
  const createLot = (w: ProjectWorld, title: string, requestedDate: string, confirmedDate: string | null, type = 1) =>
    w.call('planner', 'POST', `${base}/delivery-overview/${w.root.project_unit_id}`, {
      title,
      requestedDate,
      confirmedDate,
      deliveryType: type,
      approvalLotIDs: [w.lot.project_unit_id],
      walls: [],
    });
  /** The feed without any session: only the address. */
  const fetchFeed = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });
  const events = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

  it('lists the lots of readable projects as all-day events; another tenant and non-members see none', async () => {
    const features = { ...defaultFeatures, DeliveryOverview: true };
    const w = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const foreign = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const lot = (await createLot(w, 'Lieferung 1; EG, Nord', '2026-12-10', '2026-12-12')).json();
    expect((await createLot(w, 'Lieferung 2', '2026-12-20', null, 2)).statusCode).toBe(200);
    expect((await createLot(w, 'Lieferung alt', '2026-01-10', null)).statusCode).toBe(200);
    expect((await createLot(foreign, 'Fremde Lieferung', '2026-12-11', null)).statusCode).toBe(200);

    expect((await w.call('member', 'GET', feedApi)).json()).toEqual({
      active: false,
      createdAt: null,
      lastUsedAt: null,
    });
    const created = await w.call('member', 'POST', feedApi);
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is stored.
    const stored = await w.db
      .selectFrom('calendar_feeds')
      .select('token_hash')
      .where('user_id', '=', w.actors.member.user_id)
      .executeTakeFirstOrThrow();
    expect(url).not.toContain(stored.token_hash);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const list = events(res.body);
    expect(list.map((e) => e.summary)).toEqual([
      `${w.root.project_unit_no} ${w.root.title}: Lieferung 1; EG, Nord`,
      `${w.root.project_unit_no} ${w.root.title}: Lieferung 2`,
    ]);
    const [first, second] = list;
    expect(first!.uid).toMatch(new RegExp(`^delivery-lot-${lot.deliveryLotID}@`));
    // The confirmed date wins; the requested one is in the description with the type and the link.
    expect(first!.startDate.toString()).toBe('2026-12-12');
    expect(first!.startDate.isDate).toBe(true);
    expect(second!.startDate.toString()).toBe('2026-12-20');
    expect(first!.description).toContain('Wunschtermin: 2026-12-10');
    expect(first!.description).toContain('Lieferart: Auf Abruf');
    expect(first!.description).toContain(`/home/app/project/delivery-overview/${w.root.project_unit_id}`);
    expect(res.body).not.toContain('Fremde Lieferung');
    // Stable: the same UIDs on the next fetch.
    expect(events((await fetchFeed(url)).body).map((e) => e.uid)).toEqual(list.map((e) => e.uid));
    expect((await w.call('member', 'GET', feedApi)).json()).toMatchObject({
      active: true,
      lastUsedAt: expect.any(String),
    });

    // Someone of the same tenant who is no member, and an admin of another tenant: none of these lots.
    for (const who of ['outsider', 'foreignAdmin'] as const) {
      const feed = (await w.call(who, 'POST', feedApi)).json().url;
      const body = (await fetchFeed(feed)).body;
      expect(body).toContain('BEGIN:VCALENDAR');
      expect(body).not.toContain(w.root.title);
    }
    // An internal user of the tenant reads every project of it, not the other tenant's.
    const internal = (await fetchFeed((await w.call('internal', 'POST', feedApi)).json().url)).body;
    expect(internal).toContain('Lieferung 2');
    expect(internal).not.toContain('Fremde Lieferung');

    // Without the DeliveryOverview feature the feed holds none of the tenant's lots.
    await w.db
      .updateTable('tenants')
      .set({ features: JSON.stringify(defaultFeatures) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect(events((await fetchFeed(url)).body)).toEqual([]);
  });

  it('a new address replaces the old one; a revoked or malformed address answers 404', async () => {
    const w = await createProjectWorld(app, { state: 'ProvideFiles' });
    const first = (await w.call('member', 'POST', feedApi)).json().url;
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = (await w.call('member', 'POST', feedApi)).json().url;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await w.call('member', 'DELETE', feedApi)).statusCode).toBe(200);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', feedApi)).json().active).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/calendar/nothing.ics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(200)}` })).statusCode).toBe(414);
    // Managing the feed needs a session.
    expect((await app.inject({ method: 'GET', url: feedApi })).statusCode).toBe(401);
  });
});
