import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createUser, createWorld } from '../../test/factories';

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
      const [pair] = c.split(';');
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
    app = await createTestApp();
    idp = await startProvider(`${app.config.publicUrl}/api/account/oidc/callback`, accounts);
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
    expect(list).toContainEqual({ tenantKey: tenant.tenant_key, name: tenant.name });
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
  });
});
