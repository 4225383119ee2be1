import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const me = (cookie: string) => app.inject({ url: '/api/account/me', headers: { cookie } });
  const list = (cookie: string) => app.inject({ url: '/api/account/sessions', headers: { cookie } });

  it('lists the own sessions with browser, address and times, marks this one, and ends one or all others', async () => {
    const { internal, external } = await createWorld(await getTestDatabase());
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const a = await signInFrom(internal.login, firefox, '10.9.1.1');
    const b = await signInFrom(internal.login, 'Mozilla/5.0 (iPhone) Safari/604.1', '10.9.1.2');
    const c = await signInFrom(internal.login, 'curl/8', '10.9.1.3');
    const foreign = await signInFrom(external.login, 'curl/8', '10.9.1.4');

    const res = await list(a);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { sessionID: string; current: boolean; userAgent: string; clientAddress: string }[];
    expect(data).toHaveLength(3);
    expect(data.filter((s) => s.current)).toEqual([
      expect.objectContaining({ userAgent: firefox, clientAddress: '10.9.1.1' }),
    ]);
    expect(data[0]).toMatchObject({ signedInAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(JSON.stringify(data)).not.toContain(a.split('=')[1]);

    // Another user's session is not found, and stays.
    const foreignId = (await list(foreign)).json().data[0].sessionID as string;
    const steal = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${foreignId}`,
      headers: { cookie: a, ...xhr },
    });
    expect(steal.statusCode).toBe(404);
    expect((await me(foreign)).statusCode).toBe(200);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/nope',
      headers: { cookie: a, ...xhr },
    });
    expect(bad.statusCode).toBe(400);

    const bId = data.find((s) => s.clientAddress === '10.9.1.2')!.sessionID;
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bId}`,
      headers: { cookie: a, ...xhr },
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(200);

    const others = await app.inject({
      method: 'POST',
      url: '/api/account/sessions/end-others',
      headers: { cookie: a, ...xhr },
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await me(c)).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(200);
    expect((await list(a)).json().data).toHaveLength(1);
    expect((await app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it("lets a tenant admin end a user's sessions; other tenants' users are not found, non-admins refused", async () => {
    const db = await getTestDatabase();
    const { internal, external, admin } = await createWorld(db);
    const other = await createWorld(db);
    const adminCookie = await signInFrom(admin.login, 'x', '10.9.2.1');
    const user1 = await signInFrom(external.login, 'x', '10.9.2.2');
    const user2 = await signInFrom(external.login, 'x', '10.9.2.3');
    const foreign = await signInFrom(other.external.login, 'x', '10.9.2.4');
    const end = (cookie: string, userId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/data/portal/tenant-users/${userId}/end-sessions`,
        headers: { cookie, ...xhr },
      });

    const res = await end(adminCookie, external.user_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(user1)).statusCode).toBe(401);
    expect((await me(user2)).statusCode).toBe(401);

    expect((await end(adminCookie, other.external.user_id)).statusCode).toBe(404);
    expect((await me(foreign)).statusCode).toBe(200);
    expect((await end(adminCookie, 2_000_000_000)).statusCode).toBe(404);

    const plain = await signInFrom(internal.login, 'x', '10.9.2.5');
    expect((await end(plain, admin.user_id)).statusCode).toBe(403);
    expect((await me(adminCookie)).statusCode).toBe(200);

    // Ending the own sessions keeps the admin's browser signed in.
    const second = await signInFrom(admin.login, 'x', '10.9.2.6');
    expect((await end(adminCookie, admin.user_id)).json()).toEqual({ ended: 1 });
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(adminCookie)).statusCode).toBe(200);
  });
});
