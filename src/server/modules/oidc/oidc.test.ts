import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createUser, createWorld, TEST_PASSWORD, uniq } from '../../test/factories';

type Account = { sub: string; email: string; email_verified: boolean };

/** A real OpenID provider on a local port, with its development login form. */
async function startProvider(redirectUri: string, accounts: Map<string, Account>) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'planport',
        client_secret: 'test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    cookies: { keys: ['test-key'] },
    findAccount: async (_ctx, id) => {
      const a = accounts.get(id);
      return a ? { accountId: id, claims: async () => ({ ...a, sub: id }) } : undefined;
    },
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Follows the provider's redirects like a browser, logging in as `accountId` on its form. */
async function loginAtProvider(authUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  let res = await send(authUrl);
  const interaction = new URL(res.headers.get('location')!, authUrl).href;
  res = await send(interaction);
  expect(res.status).toBe(200);
  res = await send(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }).toString(),
  });
  let next = new URL(res.headers.get('location')!, interaction).href;
  for (let i = 0; i < 5 && !next.includes('/api/account/oidc/callback'); i++) {
    res = await send(next);
    next = new URL(res.headers.get('location')!, next).href;
  }
  return new URL(next);
}

describe('external sign-in (OpenID Connect) against a real provider', () => {
  let app: FastifyInstance;
  let idp: Awaited<ReturnType<typeof startProvider>>;
  const accounts = new Map<string, Account>();

  beforeAll(async () => {
    // e2eReset keeps the sent mails in memory for the invitation check.
    app = await createTestApp({ config: { e2eReset: true } });
    idp = await startProvider(`${app.ctx.config.publicUrl}/api/account/oidc/callback`, accounts);
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  async function tenantWithOidc() {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    await db
      .insertInto('tenant_oidc')
      .values({
        tenant_id: world.tenant.tenant_id,
        issuer: idp.issuer,
        client_id: 'planport',
        client_secret: 'test-secret',
      })
      .execute();
    return { db, ...world };
  }

  async function signInThroughIdp(tenantKey: string, accountId: string) {
    const start = await app.inject({ url: `/api/account/oidc/start/${tenantKey}` });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    const flowCookie = cookieFrom(start);
    const callback = await loginAtProvider(authUrl.href, accountId);
    const done = await app.inject({ url: callback.pathname + callback.search, headers: { cookie: flowCookie } });
    return { done, flowCookie, callback };
  }

  it('lists the tenants with a provider and refuses an unknown one', async () => {
    const { tenant } = await tenantWithOidc();
    const list = (await app.inject({ url: '/api/account/oidc/providers' })).json();
    expect(list).toContainEqual({ tenantKey: tenant.tenant_key, name: tenant.name, label: null });
    const unknown = await app.inject({ url: '/api/account/oidc/start/no-such-tenant' });
    expect(unknown.headers.location).toBe('/login/external-refused?reason=no-provider');
  });

  it('links the first sign-in by verified e-mail, then signs in by subject', async () => {
    const { db, tenant } = await tenantWithOidc();
    const user = await createUser(db, tenant.tenant_id, {
      password_hash: null,
      external_issuer: idp.issuer,
      external_subject: null,
    });
    accounts.set('idp-user-1', { sub: 'idp-user-1', email: user.email!.toUpperCase(), email_verified: true });

    const { done } = await signInThroughIdp(tenant.tenant_key, 'idp-user-1');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/home/app/dash');
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('planport_session='))!.split(';')[0];
    expect(session).toMatch(/^planport_session=[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ url: '/api/account/me', headers: { cookie: session } });
    expect(me.json()).toMatchObject({ userID: user.user_id, isExternalLogin: true });
    const row = await db
      .selectFrom('users')
      .select('external_subject')
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.external_subject).toBe('idp-user-1');

    // Later sign-ins go by subject, even with another e-mail at the provider.
    accounts.set('idp-user-1', { sub: 'idp-user-1', email: 'changed@elsewhere.test', email_verified: true });
    const again = await signInThroughIdp(tenant.tenant_key, 'idp-user-1');
    expect(again.done.headers.location).toBe('/home/app/dash');
  });

  it('refuses an unverified e-mail, an unknown person and a local-password user', async () => {
    const { db, tenant, internal } = await tenantWithOidc();
    const user = await createUser(db, tenant.tenant_id, {
      password_hash: null,
      external_issuer: idp.issuer,
      external_subject: null,
    });
    accounts.set('unverified', { sub: 'unverified', email: user.email!, email_verified: false });
    accounts.set('stranger', { sub: 'stranger', email: 'stranger@nowhere.test', email_verified: true });
    accounts.set('local', { sub: 'local', email: internal.email!, email_verified: true });

    const a = await signInThroughIdp(tenant.tenant_key, 'unverified');
    expect(a.done.headers.location).toBe('/login/external-refused?reason=unverified-email');
    expect(a.done.headers['set-cookie']?.toString() ?? '').not.toContain('planport_session=');
    const b = await signInThroughIdp(tenant.tenant_key, 'stranger');
    expect(b.done.headers.location).toBe('/login/external-refused?reason=no-account');
    const c = await signInThroughIdp(tenant.tenant_key, 'local');
    expect(c.done.headers.location).toBe('/login/external-refused?reason=no-account');
  });

  it('uses a flow once and checks the state', async () => {
    const { db, tenant } = await tenantWithOidc();
    const user = await createUser(db, tenant.tenant_id, {
      password_hash: null,
      external_issuer: idp.issuer,
      external_subject: null,
    });
    accounts.set('replay', { sub: 'replay', email: user.email!, email_verified: true });
    const first = await signInThroughIdp(tenant.tenant_key, 'replay');
    expect(first.done.headers.location).toBe('/home/app/dash');
    const replay = await app.inject({
      url: first.callback.pathname + first.callback.search,
      headers: { cookie: first.flowCookie },
    });
    expect(replay.headers.location).toBe('/login/external-refused?reason=expired');

    const start = await app.inject({ url: `/api/account/oidc/start/${tenant.tenant_key}` });
    const callback = await loginAtProvider(start.headers.location as string, 'replay');
    callback.searchParams.set('state', 'forged-state');
    const forged = await app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: cookieFrom(start) },
    });
    expect(forged.headers.location).toBe('/login/external-refused?reason=failed');
    const noCookie = await app.inject({ url: callback.pathname + callback.search });
    expect(noCookie.headers.location).toBe('/login/external-refused?reason=expired');

    // Started on another host name than PUBLIC_URL: the callback arrives without the flow cookie.
    const elsewhere = await app.inject({ url: `/api/account/oidc/start/${tenant.tenant_key}` });
    const back = await loginAtProvider(elsewhere.headers.location as string, 'replay');
    const otherHost = await app.inject({ url: back.pathname + back.search });
    expect(otherHost.headers.location).toBe('/login/external-refused?reason=other-address');
  });

  describe('set up by the tenant admin', () => {
    const settings = '/api/data/portal/company-sign-in';
    const input = (overrides: Record<string, unknown> = {}) => ({
      issuer: idp.issuer,
      clientId: 'planport',
      clientSecret: 'test-secret',
      buttonLabel: 'Mit dem Celona-Konto anmelden',
      enabled: true,
      ...overrides,
    });

    async function adminWorld() {
      const db = await getTestDatabase();
      const world = await createWorld(db);
      const cookie = await signIn(app, world.admin.login, TEST_PASSWORD);
      const put = (body: Record<string, unknown>) =>
        app.inject({ method: 'PUT', url: settings, headers: { ...xhr, cookie }, payload: body });
      return { db, ...world, cookie, put };
    }

    it('only admins of the tenant; the client secret is stored sealed and never returned', async () => {
      const w = await adminWorld();
      const internal = await signIn(app, w.internal.login, TEST_PASSWORD);
      expect((await app.inject({ url: settings, headers: { cookie: internal } })).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'PUT', url: settings, headers: { ...xhr, cookie: internal }, payload: input() }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `${settings}/test`,
            headers: { ...xhr, cookie: internal },
            payload: { issuer: idp.issuer },
          })
        ).statusCode,
      ).toBe(403);

      const empty = (await app.inject({ url: settings, headers: { cookie: w.cookie } })).json();
      expect(empty).toMatchObject({ configured: false, hasClientSecret: false });
      expect(empty.redirectUri).toBe(`${app.ctx.config.publicUrl}/api/account/oidc/callback`);

      const noSecret = await w.put(input({ clientSecret: '' }));
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().messages[0].reference).toBe('clientSecret');

      const saved = await w.put(input());
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.body).not.toContain('test-secret');
      expect(saved.json()).toMatchObject({ configured: true, hasClientSecret: true, enabled: true });
      const row = await w.db
        .selectFrom('tenant_oidc')
        .selectAll()
        .where('tenant_id', '=', w.tenant.tenant_id)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).toMatch(/^enc:v1:/);
      expect(row.client_secret).not.toContain('test-secret');

      // Saving without a secret keeps the stored one.
      await w.put(input({ clientSecret: undefined, buttonLabel: 'Firmenkonto' }));
      const again = await w.db
        .selectFrom('tenant_oidc')
        .select(['client_secret', 'button_label'])
        .where('tenant_id', '=', w.tenant.tenant_id)
        .executeTakeFirstOrThrow();
      expect(again).toEqual({ client_secret: row.client_secret, button_label: 'Firmenkonto' });
      const read = await app.inject({ url: settings, headers: { cookie: w.cookie } });
      expect(read.body).not.toContain('test-secret');
      expect(read.body).not.toContain('enc:v1');
      const openapi = await app.inject({ url: '/api/openapi.json' });
      expect(JSON.stringify(openapi.json().paths[settings.replace('portal', '{product}')].get)).not.toContain(
        'clientSecret',
      );
    });

    it('signs in an invited company-login user with the sealed secret; off hides it; deactivated is refused', async () => {
      const w = await adminWorld();
      expect((await w.put(input())).statusCode).toBe(200);
      const email = `${uniq('firma')}@firma.example`;
      const invited = await app.inject({
        method: 'POST',
        url: '/api/data/portal/tenant-users',
        headers: { ...xhr, cookie: w.cookie },
        payload: {
          email,
          firstName: 'Fiona',
          lastName: 'Firma',
          isInternal: false,
          salesOrgID: null,
          language: 'de',
          companySignInOnly: true,
        },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json()).toMatchObject({ isExternalLogin: true, status: 'invited' });
      await app.ctx.mailer.deliverDue(500);
      const mail = [...app.ctx.mailer.recent].reverse().find((m) => m.to === email);
      expect(mail?.text).toContain('/login');
      expect(mail?.text).not.toContain('/invitation/');

      const providers = (await app.inject({ url: '/api/account/oidc/providers' })).json();
      expect(providers).toContainEqual({
        tenantKey: w.tenant.tenant_key,
        name: w.tenant.name,
        label: 'Mit dem Celona-Konto anmelden',
      });

      accounts.set('fiona', { sub: 'fiona', email, email_verified: true });
      const first = await signInThroughIdp(w.tenant.tenant_key, 'fiona');
      expect(first.done.headers.location).toBe('/home/app/dash');

      await app.inject({
        method: 'POST',
        url: `/api/data/portal/tenant-users/${invited.json().userID}/deactivate`,
        headers: { ...xhr, cookie: w.cookie },
      });
      const refused = await signInThroughIdp(w.tenant.tenant_key, 'fiona');
      expect(refused.done.headers.location).toBe('/login/external-refused?reason=deactivated');

      expect((await w.put(input({ clientSecret: '', enabled: false }))).statusCode).toBe(200);
      const after = (await app.inject({ url: '/api/account/oidc/providers' })).json();
      expect(after.map((p: { tenantKey: string }) => p.tenantKey)).not.toContain(w.tenant.tenant_key);
      const start = await app.inject({ url: `/api/account/oidc/start/${w.tenant.tenant_key}` });
      expect(start.headers.location).toBe('/login/external-refused?reason=no-provider');
    });

    it('tests the connection and says what is wrong', async () => {
      const w = await adminWorld();
      const probe = (issuer: string) =>
        app
          .inject({
            method: 'POST',
            url: `${settings}/test`,
            headers: { ...xhr, cookie: w.cookie },
            payload: { issuer },
          })
          .then((r) => r.json());
      expect(await probe(idp.issuer)).toEqual({ ok: true, message: 'ADMIN.CompanySignIn.TestResult.Ok' });
      expect((await probe(`${idp.issuer}/`)).ok).toBe(true);
      expect(await probe(`${idp.issuer}/elsewhere`)).toMatchObject({
        ok: false,
        message: 'ADMIN.CompanySignIn.TestResult.HttpStatus',
        detail: '404',
      });
      expect((await probe('http://login.example.com')).message).toBe('ADMIN.CompanySignIn.TestResult.NotHttps');
      expect((await probe('http://127.0.0.1:1')).message).toBe('ADMIN.CompanySignIn.TestResult.Unreachable');
      const bad = await app.inject({
        method: 'POST',
        url: `${settings}/test`,
        headers: { ...xhr, cookie: w.cookie },
        payload: { issuer: 'ftp://x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});

describe('company sign-in of a server on a public address', () => {
  let app: FastifyInstance;
  let probed = 0;
  const listener = http.createServer((_req, res) => {
    probed++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  beforeAll(async () => {
    app = await createTestApp({ config: { publicUrl: 'https://planport.example.com' } });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('the connection test reaches no local or internal address and answers alike for all of them', async () => {
    const w = await createWorld(await getTestDatabase());
    const cookie = await signIn(app, w.admin.login, TEST_PASSWORD);
    const probe = (issuer: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/data/portal/company-sign-in/test',
          headers: { ...xhr, cookie },
          payload: { issuer },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const open = (listener.address() as AddressInfo).port;
    // An open port, a closed one, and every spelling of loopback, metadata and private networks.
    for (const issuer of [
      `http://127.0.0.1:${open}`,
      'http://127.0.0.1:1',
      `http://localhost:${open}`,
      `https://127.1:${open}`,
      `https://2130706433:${open}`,
      `https://[::1]:${open}`,
      `https://[::ffff:127.0.0.1]:${open}`,
      `https://0.0.0.0:${open}`,
      'https://169.254.169.254',
      'https://10.0.0.1',
      'https://172.16.0.1',
      'https://192.168.0.1',
      'https://100.64.0.1',
      'https://[fd00::1]',
      'https://[fe80::1]',
    ]) {
      const answer = await probe(issuer);
      expect(answer.status, issuer).toBe(200);
      expect(answer.body, issuer).toEqual({
        ok: false,
        message: 'ADMIN.CompanySignIn.TestResult.Unreachable',
        detail: new URL(`${issuer}/.well-known/openid-configuration`).href,
      });
    }
    expect(probed).toBe(0);
  });

  it('a sign-in with an issuer on an internal address does not call it', async () => {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    await db
      .insertInto('tenant_oidc')
      .values({
        tenant_id: world.tenant.tenant_id,
        issuer: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
        client_id: 'planport',
        client_secret: 'test-secret',
      })
      .execute();
    const start = await app.inject({ url: `/api/account/oidc/start/${world.tenant.tenant_key}` });
    expect(start.headers.location).toBe('/login/external-refused?reason=failed');
    expect(probed).toBe(0);
  });
});
