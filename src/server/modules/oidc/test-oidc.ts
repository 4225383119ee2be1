import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect } from 'vitest';
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
export async function loginAtProvider(authUrl: string, accountId: string): Promise<URL> {
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

/** A fresh tenant whose company sign-in goes to the provider at `issuer`. */
export async function tenantSigningInAt(issuer: string) {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  await db
    .insertInto('tenant_oidc')
    .values({ tenant_id: world.tenant.tenant_id, issuer, client_id: 'planport', client_secret: 'test-secret' })
    .execute();
  return { db, ...world };
}

/**
 * An app and a real OpenID provider for the tests of the enclosing describe block, started before
 * them and closed after. `accounts` are the provider's people (set one before signing in as it);
 * `tenantWithOidc` makes a fresh tenant that signs in there, with a user who has not signed in yet
 * (`newcomer`: no password, no subject); `signInThroughIdp` walks the whole flow and checks the
 * redirect to the provider.
 */
export function useOidcProvider() {
  let closeProvider = async () => {};
  const testbed = {
    app: undefined as unknown as FastifyInstance,
    issuer: '',
    accounts: new Map<string, Account>(),
    tenantWithOidc,
    signInThroughIdp,
  };

  beforeAll(async () => {
    // e2eReset keeps the sent mails in memory for the invitation check.
    testbed.app = await createTestApp({ config: { e2eReset: true } });
    const idp = await startProvider(`${testbed.app.ctx.config.publicUrl}/api/account/oidc/callback`, testbed.accounts);
    testbed.issuer = idp.issuer;
    closeProvider = idp.close;
  });
  afterAll(async () => {
    await testbed.app.close();
    await closeProvider();
  });

  async function tenantWithOidc() {
    const world = await tenantSigningInAt(testbed.issuer);
    const newcomer = await createUser(world.db, world.tenant.tenant_id, {
      password_hash: null,
      external_issuer: testbed.issuer,
      external_subject: null,
    });
    return { ...world, newcomer };
  }

  async function signInThroughIdp(tenantKey: string, accountId: string) {
    const { app } = testbed;
    const start = await app.inject({ url: `/api/account/oidc/start/${tenantKey}` });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.origin).toBe(testbed.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    const flowCookie = cookieFrom(start);
    const callback = await loginAtProvider(authUrl.href, accountId);
    const done = await app.inject({ url: callback.pathname + callback.search, headers: { cookie: flowCookie } });
    return { done, flowCookie, callback };
  }

  return testbed;
}
