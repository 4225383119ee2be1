import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { cookieFrom, createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld } from '../../test/factories';
import { loginAtProvider, tenantSigningInAt, useOidcProvider } from './test-oidc';

describe('external sign-in refused', () => {
  const oidc = useOidcProvider();
  const { accounts, tenantWithOidc, signInThroughIdp } = oidc;

  it('refuses an unverified e-mail, an unknown person and a local-password user', async () => {
    const { tenant, internal, newcomer: user } = await tenantWithOidc();
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
    const { app } = oidc;
    const { tenant, newcomer: user } = await tenantWithOidc();
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
    const { call } = await signInActors(app, { admin: w.admin });
    const probe = (issuer: string) =>
      call('admin', 'POST', '/api/data/portal/company-sign-in/test', { issuer }).then((r) => ({
        status: r.statusCode,
        body: r.json(),
      }));
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
    const world = await tenantSigningInAt(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
    const start = await app.inject({ url: `/api/account/oidc/start/${world.tenant.tenant_key}` });
    expect(start.headers.location).toBe('/login/external-refused?reason=failed');
    expect(probed).toBe(0);
  });
});
