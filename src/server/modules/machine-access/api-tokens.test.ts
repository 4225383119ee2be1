import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import { bearer } from './test-webhooks';

describe('API tokens', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ config: { apiTokenRequestsPerMinute: 5 } });
  });
  afterAll(() => app.close());

  it('acts with exactly its scopes in its own tenant, keeps only a hash, shows the last use, and ends on revocation or expiry', async () => {
    const w = await onboardingWorld(app);
    const project = await w.call('planner', 'POST', `${base}/root-projects`, w.project('Tokenhaus'));
    const projectId: number = project.json().projectUnitID;
    const otherProject = await w.call('otherPlanner', 'POST', `${base}/root-projects`, {
      title: 'Fremd',
      salesOrgID: w.otherSalesOrg.sales_org_id,
    });
    const otherId: number = otherProject.json().projectUnitID;

    // Only admins create tokens; bad input changes nothing.
    expect(
      (await w.call('planner', 'POST', `${base}/api-tokens`, { name: 'ERP', scopes: ['projects:read'] })).statusCode,
    ).toBe(403);
    const bad = await w.call('admin', 'POST', `${base}/api-tokens`, { name: 'ERP', scopes: ['everything'] });
    expect(bad.statusCode).toBe(400);
    const past = await w.call('admin', 'POST', `${base}/api-tokens`, {
      name: 'ERP',
      scopes: ['projects:read'],
      expiresAt: '2000-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect((await w.call('admin', 'GET', `${base}/api-tokens`)).json()).toEqual([]);

    const created = await w.call('admin', 'POST', `${base}/api-tokens`, {
      name: 'SAP lesen',
      scopes: ['projects:read'],
    });
    expect(created.statusCode).toBe(200);
    const { secret, token } = created.json() as { secret: string; token: { tokenID: number; hint: string } };
    expect(secret).toMatch(/^pp_[A-Za-z0-9_-]{43}$/);
    expect(token.hint.startsWith(secret.slice(0, 9))).toBe(true);
    const stored = await w.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_id', '=', token.tokenID)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.last_used_at).toBeNull();

    // Reads a project of its tenant without cookie or CSRF header.
    const read = await app.inject({ method: 'GET', url: `${base}/projects/${projectId}`, headers: bearer(secret) });
    expect(read.statusCode).toBe(200);
    expect(read.json().title).toBe('Tokenhaus');
    const listed = (await w.call('admin', 'GET', `${base}/api-tokens`)).json()[0];
    expect(listed.lastUsedAt).not.toBeNull();
    // Never across tenants.
    const foreign = await app.inject({ method: 'GET', url: `${base}/projects/${otherId}`, headers: bearer(secret) });
    expect([403, 404]).toContain(foreign.statusCode);
    // Routes beyond its scopes, and every route without a scope (account, admin, writes), refuse it.
    for (const [method, url] of [
      ['GET', `${base}/webhook-endpoints`],
      ['GET', '/api/account/me'],
      ['GET', `${base}/api-tokens`],
      ['GET', `${base}/mailoutbox`],
      ['POST', `${base}/root-projects`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: bearer(secret),
        payload: method === 'POST' ? w.project('X') : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A write of another scope names the scope it lacks.
    const confirm = await app.inject({
      method: 'POST',
      url: `${base}/delivery-lots/1/confirm`,
      headers: bearer(secret),
    });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().messages[0]).toMatchObject({
      message: 'ERRORMESSAGES.ApiTokenScopeMissing',
      params: { scope: 'orders:write' },
    });
    // The token's technical user is no user to manage or to add to a project.
    const users = (await w.call('admin', 'GET', `${base}/tenant-users`)).json() as {
      data: { login: string }[];
    };
    expect(users.data.length).toBeGreaterThan(0);
    expect(users.data.some((u) => u.login.startsWith('api-token-'))).toBe(false);
    // A token is no session: as a cookie it is nobody.
    const asCookie = await app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { cookie: `planport_session=${secret}` },
    });
    expect(asCookie.statusCode).toBe(401);

    // Per-token rate limit (5 a minute in this app): the two calls that reached a handler count.
    const again = () => app.inject({ method: 'GET', url: `${base}/projects/${projectId}`, headers: bearer(secret) });
    for (let i = 0; i < 3; i++) expect((await again()).statusCode).toBe(200);
    const limited = await again();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Revoked: 401 with a message that says so.
    const second = (
      await w.call('admin', 'POST', `${base}/api-tokens`, { name: 'Zweiter', scopes: ['projects:read'] })
    ).json();
    expect((await w.call('admin', 'POST', `${base}/api-tokens/${second.token.tokenID}/revoke`)).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'GET',
      url: `${base}/projects/${projectId}`,
      headers: bearer(second.secret),
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().messages[0].message).toBe('ERRORMESSAGES.ApiTokenRevoked');
    expect((await w.call('otherAdmin', 'POST', `${base}/api-tokens/${second.token.tokenID}/revoke`)).statusCode).toBe(
      404,
    );

    // Expired: likewise.
    const third = (
      await w.call('admin', 'POST', `${base}/api-tokens`, {
        name: 'Dritter',
        scopes: ['projects:read'],
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json();
    expect(
      (await app.inject({ method: 'GET', url: `${base}/projects/${projectId}`, headers: bearer(third.secret) }))
        .statusCode,
    ).toBe(200);
    await w.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_id', '=', third.token.tokenID)
      .execute();
    const expired = await app.inject({
      method: 'GET',
      url: `${base}/projects/${projectId}`,
      headers: bearer(third.secret),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().messages[0].message).toBe('ERRORMESSAGES.ApiTokenExpired');
    expect((await w.call('admin', 'GET', `${base}/api-tokens`)).json().map((t: { state: string }) => t.state)).toEqual([
      'expired',
      'revoked',
      'active',
    ]);
    // The other tenant's admin sees none of them.
    expect((await w.call('otherAdmin', 'GET', `${base}/api-tokens`)).json()).toEqual([]);
  });

  it('gives cookie sessions no way around the CSRF header', async () => {
    const w = await onboardingWorld(app);
    // A session of the admin's own, sent below without the X-Requested-With header on purpose.
    const { cookies, call } = await signInActors(app, { admin: w.admin });
    const cookie = cookies.admin;
    const body = { name: 'ohne Header', scopes: ['projects:read'] };
    // A cookie alone: the header is required.
    const plain = await app.inject({ method: 'POST', url: `${base}/api-tokens`, headers: { cookie }, payload: body });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().code).toBe('CsrfHeaderMissing');
    // A cookie with a made-up token: 401; with a bearer of something else: the session's rule, CSRF header missing.
    const madeUp = await app.inject({
      method: 'POST',
      url: `${base}/api-tokens`,
      headers: { cookie, authorization: 'Bearer pp_made-up' },
      payload: body,
    });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().messages[0].message).toBe('ERRORMESSAGES.ApiTokenUnknown');
    for (const authorization of ['Bearer ', 'bearer x', 'Basic YWRtaW46eA==']) {
      const res = await app.inject({
        method: 'POST',
        url: `${base}/api-tokens`,
        headers: { cookie, authorization },
        payload: body,
      });
      expect(res.statusCode, authorization).toBe(403);
      expect(res.json().code, authorization).toBe('CsrfHeaderMissing');
    }
    // A cookie with a valid token acts as the token (whose scopes do not allow this), never as the admin.
    const { secret } = (
      await w.call('admin', 'POST', `${base}/api-tokens`, { name: 'echt', scopes: ['webhooks:manage'] })
    ).json();
    const mixed = await app.inject({
      method: 'POST',
      url: `${base}/api-tokens`,
      headers: { cookie, ...bearer(secret) },
      payload: body,
    });
    expect(mixed.statusCode).toBe(403);
    const names = (await w.call('admin', 'GET', `${base}/api-tokens`)).json().map((t: { name: string }) => t.name);
    expect(names).toEqual(['echt']);
    // With the header, the session works as before.
    const ok = await call('admin', 'POST', `${base}/api-tokens`, body);
    expect(ok.statusCode).toBe(200);
  });
});

describe('API token calls in the log', () => {
  it('name the token on the request line, never its secret', async () => {
    const { Writable } = await import('node:stream');
    const { buildApp } = await import('../../app');
    const { testConfig } = await import('../../test/app');
    const { getTestDatabase } = await import('../../test/database');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await getTestDatabase();
    const logged = await buildApp(testConfig({ logLevel: 'info' }), { db, logStream: stream });
    await logged.ready();
    try {
      const w = await onboardingWorld(logged);
      const { secret } = (
        await w.call('admin', 'POST', `${base}/api-tokens`, { name: 'SAP Protokoll', scopes: ['webhooks:manage'] })
      ).json();
      const res = await logged.inject({ method: 'GET', url: `${base}/webhook-endpoints`, headers: bearer(secret) });
      expect(res.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request' && l.route === '/api/data/:product/webhook-endpoints');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ apiToken: 'SAP Protokoll', statusCode: 200 });
    expect(lines.join('')).not.toMatch(/pp_[A-Za-z0-9_-]{20,}/);
  }, 120_000);
});
