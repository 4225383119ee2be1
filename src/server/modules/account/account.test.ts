import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashVerifications } from '../../platform/auth/password';
import { createManualClock } from '../../platform/clock';
import { callAs, signInActors, type Call } from '../../test/actors';
import { createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createCompanyUser, createUser, createWorld, TEST_PASSWORD } from '../../test/factories';
import { MAX_SIGN_INS_IN_FLIGHT, SIGN_IN_LIMITS } from './service';

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

  describe('throttling', () => {
    const clock = createManualClock();
    let timed: FastifyInstance;
    beforeAll(async () => {
      timed = await createTestApp({ clock });
    });
    afterAll(() => timed.close());
    // Each test takes its own addresses, so the shared database's attempts of other tests do not count.
    let net = 0;
    const clientNet = () => `10.${++net}.${Math.floor(Math.random() * 250)}`;
    const attempt = (login: string, password: string, ip: string) =>
      timed.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: xhr,
        payload: { login, password },
        remoteAddress: ip,
      });

    it('never lets strangers lock the owner out: the usual client still signs in during a flood', async () => {
      const { internal } = await createWorld(await getTestDatabase());
      const net = clientNet();
      const owner = `${net}.1`;
      expect((await attempt(internal.login, TEST_PASSWORD, owner)).statusCode).toBe(200);
      // 40 guesses from 40 clients: after ten failures, strangers wait (429).
      const answers: number[] = [];
      for (let i = 0; i < 40; i++)
        answers.push((await attempt(internal.login, 'wrong', `${net}.${100 + i}`)).statusCode);
      expect(answers.filter((s) => s === 401)).toHaveLength(10);
      expect(answers.filter((s) => s === 429)).toHaveLength(30);
      expect((await attempt(internal.login, TEST_PASSWORD, owner)).statusCode).toBe(200);
      // A new client now waits, with a growing delay, even with the right password.
      const stranger = await attempt(internal.login, TEST_PASSWORD, `${net}.250`);
      expect(stranger.statusCode).toBe(429);
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(16 * 60 * 1000);
      expect((await attempt(internal.login, TEST_PASSWORD, `${net}.250`)).statusCode).toBe(200);
    });

    it('slows one client guessing with growing delays, per account and across accounts', async () => {
      const { internal } = await createWorld(await getTestDatabase());
      const ip = `${clientNet()}.9`;
      for (let i = 0; i < 5; i++) expect((await attempt(internal.login, 'wrong', ip)).statusCode).toBe(401);
      // Five failures are free; then each one doubles the wait: 1 s, 2 s, 4 s …
      const first = await attempt(internal.login, TEST_PASSWORD, ip);
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      clock.advance(1000);
      expect((await attempt(internal.login, 'wrong', ip)).statusCode).toBe(401);
      const second = await attempt(internal.login, TEST_PASSWORD, ip);
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('2');
      clock.advance(2000);
      expect((await attempt(internal.login, TEST_PASSWORD, ip)).statusCode).toBe(200);
      // Another client is not slowed by this one, and the owner's account is not locked.
      expect((await attempt(internal.login, TEST_PASSWORD, `${clientNet()}.1`)).statusCode).toBe(200);

      // Many logins from one client: the per-client limit.
      const flood = `${clientNet()}.7`;
      for (let i = 0; i < 20; i++) expect((await attempt(`nobody-${i}@x.test`, 'wrong', flood)).statusCode).toBe(401);
      expect((await attempt('nobody-21@x.test', 'wrong', flood)).statusCode).toBe(429);
      expect((await attempt(internal.login, TEST_PASSWORD, flood)).statusCode).toBe(429);
      clock.advance(16 * 60 * 1000);
    });
    it('refuses a client it knows is waiting before any database work, until the wait is over', async () => {
      const { internal } = await createWorld(await getTestDatabase());
      const ip = `${clientNet()}.5`;
      for (let i = 0; i < SIGN_IN_LIMITS.client; i++)
        expect((await attempt(`known-${i}@x.test`, 'wrong', ip)).statusCode).toBe(401);
      const first = await attempt('known-x@x.test', 'wrong', ip);
      expect(first.statusCode).toBe(429);
      // The failures are gone from the database: only the instance's own knowledge can refuse now.
      const db = await getTestDatabase();
      await db.deleteFrom('login_attempts').where('client_ip', '=', ip).execute();
      const flood = await Promise.all(Array.from({ length: 30 }, () => attempt(internal.login, TEST_PASSWORD, ip)));
      expect(flood.every((r) => r.statusCode === 429)).toBe(true);
      expect(flood[0]?.headers['retry-after']).toBe(first.headers['retry-after']);
      const recorded = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_ip', '=', ip)
        .executeTakeFirstOrThrow();
      expect(Number(recorded.n)).toBe(0);
      clock.advance(Number(first.headers['retry-after']) * 1000);
      expect((await attempt(internal.login, TEST_PASSWORD, ip)).statusCode).toBe(200);
      clock.advance(16 * 60 * 1000);
    });

    it('counts concurrent failures one by one: no more than the limit get through at once', async () => {
      const { internal } = await createWorld(await getTestDatabase());
      const ip = `${clientNet()}.3`;
      const burst = await Promise.all(
        Array.from({ length: MAX_SIGN_INS_IN_FLIGHT }, () => attempt(internal.login, 'wrong', ip)),
      );
      const passed = burst.filter((r) => r.statusCode === 401).length;
      expect(passed).toBeLessThanOrEqual(SIGN_IN_LIMITS.ownClient);
      expect(burst.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);

      // The per-client limit: near it, a burst over many logins does not run past it either.
      const flood = `${clientNet()}.4`;
      const before = SIGN_IN_LIMITS.client - 3;
      for (let i = 0; i < before; i++) expect((await attempt(`race-${i}@x.test`, 'wrong', flood)).statusCode).toBe(401);
      const rush = await Promise.all(
        Array.from({ length: MAX_SIGN_INS_IN_FLIGHT }, (_, i) => attempt(`rush-${i}@x.test`, 'wrong', flood)),
      );
      const through = rush.filter((r) => r.statusCode === 401).length;
      expect(before + through).toBeLessThanOrEqual(SIGN_IN_LIMITS.client);
      // The refusal tells the real wait, in seconds, in the message and in Retry-After.
      const refused = rush.find((r) => r.statusCode === 429);
      if (!refused) throw new Error('the rush was not refused');
      const seconds = Number(refused.headers['retry-after']);
      expect(refused.json().messages[0]).toEqual({
        messageType: 'Error',
        message: 'ERRORMESSAGES.TooManyAttemptsSeconds',
        params: { seconds },
      });
      clock.advance(16 * 60 * 1000);
    });
  });

  it('does the same hash work for company accounts, unknown logins and wrong passwords', async () => {
    const db = await getTestDatabase();
    const { tenant, internal } = await createWorld(db);
    const sso = await createCompanyUser(db, tenant.tenant_id);
    // A company account that kept the hash of its former password: that password no longer signs in.
    const former = await createUser(db, tenant.tenant_id, {
      external_issuer: 'https://idp.example',
      external_subject: 'x3',
    });
    // A value that is no argon2 hash (an import, a disabled marker) is no shortcut either.
    const marked = await createUser(db, tenant.tenant_id, { password_hash: '!disabled' });
    let n = 0;
    const attempt = async (login: string, password = 'wrong-password') => {
      const before = hashVerifications.count;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: xhr,
        payload: { login, password },
        remoteAddress: `10.201.${n++}.1`,
      });
      return { status: res.statusCode, ms: performance.now() - started, hashes: hashVerifications.count - before };
    };
    const logins = [internal.login, sso.login, former.login, marked.login, 'nobody-here@example.test'];
    await attempt(internal.login); // the dummy hash is made once, before any timing
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const times = new Map<string, number[]>(logins.map((l) => [l, []]));
    for (let round = 0; round < 5; round++) {
      for (const login of logins) {
        const r = await attempt(login);
        expect(r.status, login).toBe(401);
        // Structural: exactly one argon2 verification for every kind of account.
        expect(r.hashes, login).toBe(1);
        times.get(login)?.push(r.ms);
      }
    }
    const password = await attempt(former.login, TEST_PASSWORD);
    expect(password.status).toBe(401);
    expect(password.hashes).toBe(1);
    // And the time agrees (a generous ratio: a verification is ~10 ms, a shortcut ~1 ms).
    const reference = median(times.get(internal.login) ?? []);
    for (const login of logins) expect(median(times.get(login) ?? []), login).toBeGreaterThan(reference / 3);
  });

  it('gives unknown logins, external-login accounts and wrong passwords the same answer', async () => {
    const db = await getTestDatabase();
    const { tenant, internal } = await createWorld(db);
    const sso = await createCompanyUser(db, tenant.tenant_id);
    const answers = await Promise.all(
      [sso.login, internal.login, 'nobody-at-all@example.test'].map((l) =>
        app.inject({
          method: 'POST',
          url: '/api/account/login',
          headers: xhr,
          payload: { login: l, password: 'anything' },
          remoteAddress: '10.200.0.1',
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(answers[0]?.body);
    }
  });

  it('returns the signed-in user and 401 without a session', async () => {
    const { external } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { external });
    const me = await call('external', 'GET', '/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userLogin: external.login, isInternal: false });
    const anonymous = await app.inject({ url: '/api/account/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('Unauthenticated');
  });

  it('ends the session at logout: the old cookie is refused afterwards', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const out = await call('internal', 'POST', '/Account/SignOut');
    expect(out.statusCode).toBe(200);
    const after = await call('internal', 'GET', '/api/account/me');
    expect(after.statusCode).toBe(401);
  });

  it("issues a new session id at every sign-in and ends the browser's previous session", async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { cookies, call } = await signInActors(app, { internal });
    const again = await call('internal', 'POST', '/api/account/login', {
      login: internal.login,
      password: TEST_PASSWORD,
    });
    const b = String(again.headers['set-cookie']).split(';')[0];
    expect(b).not.toBe(cookies.internal);
    const sessions = callAs(app, { previous: cookies.internal, renewed: b ?? '' });
    expect((await sessions('previous', 'GET', '/api/account/me')).statusCode).toBe(401);
    expect((await sessions('renewed', 'GET', '/api/account/me')).statusCode).toBe(200);
  });

  it('clears cookies and storage at logout', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    const out = await call('internal', 'POST', '/Account/SignOut');
    expect(out.headers['clear-site-data']).toBe('"cookies", "storage"');
  });

  it('serves the API description and its reference page without a session only outside production or when published', async () => {
    const closed = await createTestApp({ config: { publishOpenApi: false } });
    const urls = ['/api/openapi.json', '/api/reference', '/api/reference/static/swagger-ui-bundle.js'];
    for (const url of urls) expect((await closed.inject({ url })).statusCode, url).toBe(401);
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(closed, { internal });
    for (const url of urls) expect((await call('internal', 'GET', url)).statusCode, url).toBe(200);
    await closed.close();
    for (const url of urls) expect((await app.inject({ url })).statusCode, url).toBe(200);
    // The page loads its scripts from this origin only, under the app's Content-Security-Policy.
    const page = await app.inject({ url: '/api/reference' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|src="https?:/);
  });

  it('expires a session after 2 hours idle and after 12 hours in all', async () => {
    const clock = createManualClock();
    const timed = await createTestApp({ clock });
    const { internal } = await createWorld(await getTestDatabase());
    const me = (session: { call: Call<'internal'> }) => session.call('internal', 'GET', '/api/account/me');

    const idle = await signInActors(timed, { internal });
    clock.advance(2 * 60 * 60 * 1000 - 60_000);
    expect((await me(idle)).statusCode).toBe(200);
    clock.advance(2 * 60 * 60 * 1000 + 60_000);
    expect((await me(idle)).statusCode).toBe(401);

    const active = await signInActors(timed, { internal });
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
    const { cookies, call } = await signInActors(app, { internal });
    // The session's cookie without the header: what a form on another site could send.
    const res = await app.inject({ method: 'POST', url: '/Account/SignOut', headers: { cookie: cookies.internal } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'CsrfHeaderMissing',
      messages: [{ message: 'ERRORMESSAGES.NotAllowed' }],
    });
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(200);
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
