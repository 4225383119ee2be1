import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../platform/db/database';
import { sessionUserOf, signInActors } from '../../test/actors';
import { createTestApp, testConfig, xhr } from '../../test/app';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import { runStream, STREAMS_PER_USER, type LiveMessage } from './service';

type Frame = { id?: string; event: string; data: unknown };

/** A Server-Sent Events client over a real socket: the frames it received, and its status. */
function openStream(baseUrl: string, cookie: string | null, lastEventId?: number) {
  const frames: Frame[] = [];
  let status = 0;
  let body = '';
  let ended = false;
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const req = http.get(`${baseUrl}/api/events/stream`, { headers }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      body += chunk;
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const f: Partial<Frame> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) f.id = line.slice(4);
          else if (line.startsWith('event: ')) f.event = line.slice(7);
          else if (line.startsWith('data: ')) f.data = JSON.parse(line.slice(6));
        }
        if (f.event) frames.push(f as Frame);
      }
    });
    res.on('end', () => (ended = true));
  });
  req.on('error', () => (ended = true));
  const until = async (check: () => boolean, ms = 3000) => {
    const start = Date.now();
    while (!check() && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 20));
    return check();
  };
  return {
    frames,
    changes: () => frames.filter((f) => f.event === 'change').map((f) => f.data as LiveMessage),
    status: () => status,
    body: () => body,
    ended: () => ended,
    until,
    ready: () => until(() => frames.some((f) => f.event === 'ready') || ended),
    lastId: () => Number(frames.filter((f) => f.id).at(-1)?.id ?? 0),
    close: () => req.destroy(),
  };
}

describe('live pages (Server-Sent Events)', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ctx.events.ready;
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('needs a session', async () => {
    const s = openStream(url, null);
    await s.until(() => s.ended());
    expect(s.status()).toBe(401);
    expect(JSON.parse(s.body())).toMatchObject({ code: 'Unauthenticated' });
  });

  it('sends ids and types of readable units only: not to non-members, nor to another tenant', async () => {
    const w = await onboardingWorld(app);
    const { cookies } = await signInActors(app, {
      coordinator: w.coordinator,
      internal: w.internal,
      reviewer: w.reviewer,
      otherTenant: w.other.admin,
    });
    const coordinator = openStream(url, cookies.coordinator);
    const internal = openStream(url, cookies.internal);
    const reviewer = openStream(url, cookies.reviewer);
    const otherTenant = openStream(url, cookies.otherTenant);
    for (const s of [coordinator, internal, reviewer, otherTenant]) {
      expect(await s.ready()).toBe(true);
      expect(s.status()).toBe(200);
    }
    expect(coordinator.frames[0]).toMatchObject({ event: 'ready' });

    const created = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Live', { members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }] }),
    );
    expect(created.statusCode).toBe(200);
    const id: number = created.json().projectUnitID;

    expect(await coordinator.until(() => coordinator.changes().some((c) => c.type === 'project.created'))).toBe(true);
    expect(await internal.until(() => internal.changes().some((c) => c.type === 'project.created'))).toBe(true);
    const seen = coordinator.changes().find((c) => c.type === 'project.created');
    // Ids and types only: no title, no names.
    expect(seen).toEqual({
      type: 'project.created',
      unit: id,
      root: id,
      subject: { kind: 'unit', id: String(id) },
      actor: w.planner.user_id,
    });
    expect(coordinator.body()).not.toContain('Live');
    // Every event frame carries its id.
    expect(coordinator.frames.filter((f) => f.event === 'change').every((f) => Number(f.id) > 0)).toBe(true);

    // The reviewer is no member and external; the other tenant's admin sees nothing of this tenant.
    await new Promise((r) => setTimeout(r, 300));
    expect(reviewer.changes().filter((c) => c.root === id)).toEqual([]);
    expect(otherTenant.changes().filter((c) => c.root === id)).toEqual([]);

    // Once a member, the reviewer hears of the project's changes.
    const added = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: w.reviewer.user_id,
      memberRoleKeys: ['reviewer'],
    });
    expect(added.statusCode).toBe(200);
    expect(await reviewer.until(() => reviewer.changes().some((c) => c.type === 'member.added' && c.root === id))).toBe(
      true,
    );
    expect(otherTenant.changes().filter((c) => c.root === id)).toEqual([]);
    for (const s of [coordinator, internal, reviewer, otherTenant]) s.close();
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID, filtered the same way', async () => {
    const w = await onboardingWorld(app);
    const { cookies, call } = await signInActors(app, { coordinator: w.coordinator, otherTenant: w.other.admin });
    const first = openStream(url, cookies.coordinator);
    expect(await first.ready()).toBe(true);
    const last = first.lastId();
    const otherFirst = openStream(url, cookies.otherTenant);
    expect(await otherFirst.ready()).toBe(true);
    const otherLast = otherFirst.lastId();
    first.close();
    otherFirst.close();

    // While the tab is away: a project with the coordinator as member.
    const created = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Verpasst', { members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }] }),
    );
    const id: number = created.json().projectUnitID;

    const again = openStream(url, cookies.coordinator, last);
    expect(await again.ready()).toBe(true);
    const replayed = again.changes().filter((c) => c.root === id);
    expect(replayed.map((c) => c.type)).toContain('project.created');
    // Replayed frames come in id order, before `ready`, which names the newest id.
    const ids = again.frames.filter((f) => f.event === 'change').map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(again.frames.at(-1)?.event).toBe('ready');
    expect(again.lastId()).toBeGreaterThanOrEqual(ids.at(-1) ?? 0);

    // The other tenant's tab missed nothing of it.
    const otherAgain = openStream(url, cookies.otherTenant, otherLast);
    expect(await otherAgain.ready()).toBe(true);
    expect(otherAgain.changes().filter((c) => c.root === id)).toEqual([]);
    again.close();
    otherAgain.close();

    // A bad Last-Event-ID is refused in the error shape.
    const bad = await call('coordinator', 'GET', '/api/events/stream', undefined, {
      headers: { 'last-event-id': 'abc' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('holds a bounded number of streams per user and answers 429 beyond', async () => {
    const w = await onboardingWorld(app);
    const { cookies } = await signInActors(app, { drafter: w.drafter });
    const cookie = cookies.drafter;
    const tabs = Array.from({ length: STREAMS_PER_USER }, () => openStream(url, cookie));
    for (const t of tabs) expect(await t.ready()).toBe(true);
    const refused = openStream(url, cookie);
    await refused.until(() => refused.ended());
    expect(refused.status()).toBe(429);
    expect(JSON.parse(refused.body())).toMatchObject({ code: 'TooManyAttempts' });
    // A closed tab frees its place.
    tabs[0]?.close();
    await new Promise((r) => setTimeout(r, 100));
    const next = openStream(url, cookie);
    expect(await next.ready()).toBe(true);
    expect(next.status()).toBe(200);
    next.close();
    for (const t of tabs) t.close();
  });

  /** A signed-in processor's stream, run directly with its real session; sign-out through the API. */
  async function signedInStream(heartbeatMs: number) {
    const w = await onboardingWorld(app);
    const { cookies } = await signInActors(app, { processor: w.processor });
    const session = await app.ctx.db
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', w.processor.user_id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const written: string[] = [];
    const state = { closed: false };
    const stop = await runStream({
      db: app.ctx.db,
      bus: app.ctx.events,
      user: { ...sessionUserOf(w.processor), sessionId: session.session_id },
      lastEventId: null,
      now: () => new Date(),
      heartbeatMs,
      sink: { write: (c) => written.push(c) > 0, close: () => (state.closed = true) },
    });
    // The processor's own session unless the test names another (an unknown one).
    const signOut = (withCookie = cookies.processor) =>
      app.inject({ method: 'POST', url: '/Account/SignOut', headers: { cookie: withCookie, ...xhr } });
    const closedWithin = async (ms: number) => {
      for (let i = 0; i < ms / 10 && !state.closed; i++) await new Promise((r) => setTimeout(r, 10));
      return state.closed;
    };
    return { written, state, stop, signOut, closedWithin };
  }

  it('ends the stream when the session ends (sign-out)', async () => {
    const s = await signedInStream(50);
    await new Promise((r) => setTimeout(r, 150));
    expect(s.written.some((c) => c.startsWith(': heartbeat'))).toBe(true);
    expect(s.state.closed).toBe(false);
    expect((await s.signOut()).statusCode).toBeLessThan(300);
    expect(await s.closedWithin(1000)).toBe(true);
    expect(s.written.at(-1)).toContain('event: signedout');
    s.stop();
  });

  it('ends the stream at once when the session ends on this instance, not at the next heartbeat', async () => {
    const s = await signedInStream(60_000);
    // Another user's sign-out leaves this stream open.
    await s.signOut('planport_session=unknown');
    await new Promise((r) => setTimeout(r, 50));
    expect(s.state.closed).toBe(false);
    const signedOut = Date.now();
    await s.signOut();
    expect(await s.closedWithin(1000)).toBe(true);
    expect(Date.now() - signedOut).toBeLessThan(1000);
    expect(s.written.at(-1)).toContain('event: signedout');
    s.stop();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live pages across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dbB: Database;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp();
    // Instance B: its own connection pool and its own listening client on the same database.
    dbB = await createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://', poolSize: 3 });
    b = await buildApp(testConfig(), { db: dbB, logger: false, listenUrl: process.env.TEST_DATABASE_URL });
    await b.ready();
    await Promise.all([a.ctx.events.ready, b.ctx.events.ready]);
    await b.listen({ port: 0, host: '127.0.0.1' });
    urlB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await b.close();
    await dbB.destroy();
    await a.close();
  });

  it('a change made through instance A reaches a page served by instance B', async () => {
    const w = await onboardingWorld(a);
    const { cookies } = await signInActors(b, { coordinator: w.coordinator });
    const onB = openStream(urlB, cookies.coordinator);
    expect(await onB.ready()).toBe(true);
    const created = await w.call(
      'planner',
      'POST',
      `${base}/root-projects`,
      w.project('Zwei', { members: [{ userID: w.coordinator.user_id, memberRoleKeys: ['projectCoordinator'] }] }),
    );
    const id: number = created.json().projectUnitID;
    expect(await onB.until(() => onB.changes().some((c) => c.type === 'project.created' && c.unit === id))).toBe(true);
    onB.close();
  });
});
