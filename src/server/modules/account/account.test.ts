import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createUser, createWorld, TEST_PASSWORD } from '../../test/factories';

describe('account', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const login = (login: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/account/login', headers: xhr, payload: { login, password } });

  it('signs in with the right password and returns the user', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const res = await login(internal.login.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userID: internal.user_id, isInternal: true });
    const cookie = res.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^planport_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('refuses a wrong password with 401 in the error shape', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const res = await login(internal.login, 'wrong');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      code: 'InvalidCredentials',
      messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.InvalidCredentials' }],
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 429 after 10 failed attempts for one login within 15 minutes', async () => {
    const clock = createManualClock();
    const timed = await createTestApp({ clock });
    const { internal } = await createWorld(await getTestDatabase());
    const attempt = (password: string) =>
      timed.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: xhr,
        payload: { login: internal.login, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    await timed.close();
  });

  it("refuses an external-login user's password sign-in", async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    const sso = await createUser(db, tenant.tenant_id, {
      password_hash: null,
      external_issuer: 'https://idp.example',
      external_subject: 'x1',
    });
    const res = await login(sso.login, 'anything');
    expect(res.statusCode).toBe(403);
    expect(res.json().messages[0].message).toBe('ERRORMESSAGES.UseIdentityProvider');
  });

  it('returns the signed-in user and 401 without a session', async () => {
    const { external } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, external.login, TEST_PASSWORD);
    const me = await app.inject({ url: '/api/account/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userLogin: external.login, isInternal: false });
    const anonymous = await app.inject({ url: '/api/account/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('Unauthenticated');
  });

  it('ends the session at logout: the old cookie is refused afterwards', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const out = await app.inject({ method: 'POST', url: '/Account/SignOut', headers: { cookie, ...xhr } });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/account/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('issues a new session id at every sign-in', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const a = await signIn(app, internal.login, TEST_PASSWORD);
    const b = await signIn(app, internal.login, TEST_PASSWORD);
    expect(a).not.toBe(b);
  });

  it('expires a session after 2 hours idle and after 12 hours in all', async () => {
    const clock = createManualClock();
    const timed = await createTestApp({ clock });
    const { internal } = await createWorld(await getTestDatabase());
    const me = (cookie: string) => timed.inject({ url: '/api/account/me', headers: { cookie } });

    const idle = await signIn(timed, internal.login, TEST_PASSWORD);
    clock.advance(2 * 60 * 60 * 1000 - 60_000);
    expect((await me(idle)).statusCode).toBe(200);
    clock.advance(2 * 60 * 60 * 1000 + 60_000);
    expect((await me(idle)).statusCode).toBe(401);

    const active = await signIn(timed, internal.login, TEST_PASSWORD);
    for (let hours = 0; hours < 11; hours++) {
      clock.advance(60 * 60 * 1000);
      expect((await me(active)).statusCode).toBe(200);
    }
    clock.advance(61 * 60 * 1000);
    expect((await me(active)).statusCode).toBe(401);
    await timed.close();
  });

  it('refuses state-changing requests without the X-Requested-With header (CSRF)', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, internal.login, TEST_PASSWORD);
    const res = await app.inject({ method: 'POST', url: '/Account/SignOut', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'CsrfHeaderMissing',
      messages: [{ message: 'ERRORMESSAGES.NotAllowed' }],
    });
    expect((await app.inject({ url: '/api/account/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('sets Secure and the __Host- prefix when the public URL is https', async () => {
    const secure = await createTestApp({ config: { secureCookies: true, publicUrl: 'https://planport.example' } });
    const { internal } = await createWorld(await getTestDatabase());
    const res = await secure.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: internal.login, password: TEST_PASSWORD },
    });
    expect(res.headers['set-cookie']).toMatch(/^__Host-planport_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    await secure.close();
  });
});
