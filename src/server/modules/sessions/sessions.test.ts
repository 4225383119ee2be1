import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/actors';
import { cookieFrom, createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld, TEST_PASSWORD } from '../../test/factories';

describe('sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const signInFrom = async (login: string, agent: string, ip: string) =>
    cookieFrom(
      await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { ...xhr, 'user-agent': agent },
        payload: { login, password: TEST_PASSWORD },
        remoteAddress: ip,
      }),
    );

  it('lists the own sessions with browser, address and times, marks this one, and ends one or all others', async () => {
    const { internal, external } = await createWorld(await getTestDatabase());
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const sessions = {
      a: await signInFrom(internal.login, firefox, '10.9.1.1'),
      b: await signInFrom(internal.login, 'Mozilla/5.0 (iPhone) Safari/604.1', '10.9.1.2'),
      c: await signInFrom(internal.login, 'curl/8', '10.9.1.3'),
      foreign: await signInFrom(external.login, 'curl/8', '10.9.1.4'),
    };
    const call = callAs(app, sessions);
    const me = (who: keyof typeof sessions) => call(who, 'GET', '/api/account/me');
    const list = (who: keyof typeof sessions) => call(who, 'GET', '/api/account/sessions');

    const res = await list('a');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { sessionID: string; current: boolean; userAgent: string; clientAddress: string }[];
    expect(data).toHaveLength(3);
    expect(data.filter((s) => s.current)).toEqual([
      expect.objectContaining({ userAgent: firefox, clientAddress: '10.9.1.1' }),
    ]);
    expect(data[0]).toMatchObject({ signedInAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(JSON.stringify(data)).not.toContain(sessions.a.split('=')[1]);

    // Another user's session is not found, and stays.
    const foreignId = (await list('foreign')).json().data[0].sessionID as string;
    const steal = await call('a', 'DELETE', `/api/account/sessions/${foreignId}`);
    expect(steal.statusCode).toBe(404);
    expect((await me('foreign')).statusCode).toBe(200);
    const bad = await call('a', 'DELETE', '/api/account/sessions/nope');
    expect(bad.statusCode).toBe(400);

    const bId = data.find((s) => s.clientAddress === '10.9.1.2')!.sessionID;
    const ended = await call('a', 'DELETE', `/api/account/sessions/${bId}`);
    expect(ended.statusCode).toBe(200);
    expect((await me('b')).statusCode).toBe(401);
    expect((await me('c')).statusCode).toBe(200);

    const others = await call('a', 'POST', '/api/account/sessions/end-others');
    expect(others.json()).toEqual({ ended: 1 });
    expect((await me('c')).statusCode).toBe(401);
    expect((await me('a')).statusCode).toBe(200);
    expect((await list('a')).json().data).toHaveLength(1);
    expect((await app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it("lets a tenant admin end a user's sessions; other tenants' users are not found, non-admins refused", async () => {
    const db = await getTestDatabase();
    const { internal, external, admin } = await createWorld(db);
    const other = await createWorld(db);
    const sessions = {
      admin: await signInFrom(admin.login, 'x', '10.9.2.1'),
      user1: await signInFrom(external.login, 'x', '10.9.2.2'),
      user2: await signInFrom(external.login, 'x', '10.9.2.3'),
      foreign: await signInFrom(other.external.login, 'x', '10.9.2.4'),
      plain: await signInFrom(internal.login, 'x', '10.9.2.5'),
      // The admin's second browser.
      second: await signInFrom(admin.login, 'x', '10.9.2.6'),
    };
    const call = callAs(app, sessions);
    const me = (who: keyof typeof sessions) => call(who, 'GET', '/api/account/me');
    const end = (who: keyof typeof sessions, userId: number) =>
      call(who, 'POST', `/api/data/portal/tenant-users/${userId}/end-sessions`);

    const res = await end('admin', external.user_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me('user1')).statusCode).toBe(401);
    expect((await me('user2')).statusCode).toBe(401);

    expect((await end('admin', other.external.user_id)).statusCode).toBe(404);
    expect((await me('foreign')).statusCode).toBe(200);
    expect((await end('admin', 2_000_000_000)).statusCode).toBe(404);

    expect((await end('plain', admin.user_id)).statusCode).toBe(403);
    expect((await me('admin')).statusCode).toBe(200);

    // Ending the own sessions keeps the admin's browser signed in.
    expect((await end('admin', admin.user_id)).json()).toEqual({ ended: 1 });
    expect((await me('second')).statusCode).toBe(401);
    expect((await me('admin')).statusCode).toBe(200);
  });
});
