import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../platform/events';
import { createTestApp, signIn, xhr } from '../../test/app';
import { TEST_PASSWORD } from '../../test/factories';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import { WEBHOOK_WORK_KIND } from './webhook-delivery';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A local receiver: records every request and answers with the status `answer` gives. */
async function receiver(answer: (n: number, body: string) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body });
      res.statusCode = answer(received.length, body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The documented check (docs/api.md): HMAC-SHA256 over "id.timestamp.body", keyed with the secret's base64 bytes. */
function verify(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

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
    const cookie = await signIn(app, w.admin.login, TEST_PASSWORD);
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
    const ok = await app.inject({
      method: 'POST',
      url: `${base}/api-tokens`,
      headers: { cookie, ...xhr },
      payload: body,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Short waits between attempts: three attempts in all.
    app = await createTestApp({ config: { webhookRetryDelaysMs: [1, 1] } });
  });
  afterAll(() => app.close());
  const drain = () => app.ctx.work.drain(WEBHOOK_WORK_KIND);
  /** Drains until `done` holds (a retry due a millisecond later may need another turn). */
  const drainUntil = async (done: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 50; i++) {
      await drain();
      if (await done()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('not done after 50 turns');
  };

  it('delivers each event signed (Standard Webhooks) with the resource as the API returns it, managed by admin or token', async () => {
    const w = await onboardingWorld(app);
    const hook = await receiver();
    try {
      // A token with webhooks:manage registers the endpoint (no cookie, no CSRF header).
      const { secret: tokenSecret } = (
        await w.call('admin', 'POST', `${base}/api-tokens`, { name: 'Hooks', scopes: ['webhooks:manage'] })
      ).json();
      const res = await app.inject({
        method: 'POST',
        url: `${base}/webhook-endpoints`,
        headers: bearer(tokenSecret),
        payload: { url: hook.url, events: ['project.created', 'unit.state.changed'] },
      });
      expect(res.statusCode).toBe(200);
      const { endpoint, secret } = res.json() as { endpoint: { endpointID: number }; secret: string };
      expect(secret).toMatch(/^whsec_/);
      // Bad input: clear error, nothing stored.
      for (const payload of [
        { url: 'ftp://example.com', events: ['project.created'] },
        { url: hook.url, events: [] },
        { url: hook.url, events: ['order.exploded'] },
        { url: hook.url, events: ['project.created'], secret: 'plain' },
      ]) {
        expect((await w.call('admin', 'POST', `${base}/webhook-endpoints`, payload)).statusCode).toBe(400);
      }
      expect((await w.call('planner', 'GET', `${base}/webhook-endpoints`)).statusCode).toBe(403);
      expect((await w.call('otherAdmin', 'GET', `${base}/webhook-endpoints`)).json()).toEqual([]);

      const created = await w.call('planner', 'POST', `${base}/root-projects`, w.project('Hookhaus'));
      const projectId: number = created.json().projectUnitID;
      await drain();
      const first = hook.received.find((r) => JSON.parse(r.body).type === 'project.created');
      expect(first).toBeDefined();
      expect(verify(secret, first!)).toBe(true);
      expect(verify(`whsec_${Buffer.from('wrong').toString('base64')}`, first!)).toBe(false);
      const body = JSON.parse(first!.body);
      expect(body).toMatchObject({
        id: expect.stringMatching(/^evt_\d+$/),
        type: 'project.created',
        tenant: { tenantID: w.tenant.tenant_id },
        data: { object: 'projectUnit', projectUnitID: projectId, title: 'Hookhaus' },
      });
      expect(Math.abs(Number(first!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(first!.headers['content-type']).toBe('application/json');
      // The other tenant's changes never reach this endpoint.
      await w.call('otherPlanner', 'POST', `${base}/root-projects`, {
        title: 'Fremd',
        salesOrgID: w.otherSalesOrg.sales_org_id,
      });
      await drain();
      expect(hook.received.every((r) => JSON.parse(r.body).tenant.tenantID === w.tenant.tenant_id)).toBe(true);

      const deliveries = (
        await w.call('admin', 'GET', `${base}/webhook-endpoints/${endpoint.endpointID}/deliveries`)
      ).json();
      expect(deliveries.length).toBe(hook.received.length);
      expect(deliveries[0]).toMatchObject({
        status: 'delivered',
        responseStatus: 200,
        attempts: 1,
        nextAttemptAt: null,
      });
      expect(typeof deliveries[0].durationMs).toBe('number');

      // Resend: the same webhook-id again; a test event: its own id.
      const before = hook.received.length;
      const last = deliveries[deliveries.length - 1];
      expect((await w.call('admin', 'POST', `${base}/webhook-deliveries/${last.deliveryID}/resend`)).statusCode).toBe(
        200,
      );
      expect(
        (await w.call('otherAdmin', 'POST', `${base}/webhook-deliveries/${last.deliveryID}/resend`)).statusCode,
      ).toBe(404);
      const test = await w.call('admin', 'POST', `${base}/webhook-endpoints/${endpoint.endpointID}/test`);
      expect(test.statusCode).toBe(200);
      await drain();
      const fresh = hook.received.slice(before);
      expect(fresh.map((r) => r.headers['webhook-id'])).toContain(last.messageID);
      const testBody = fresh.map((r) => JSON.parse(r.body)).find((b) => b.type === 'webhook.test');
      expect(testBody).toBeDefined();
      expect(fresh.every((r) => verify(secret, r))).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it('retries with waits, then fails the delivery, pauses the endpoint and tells the admins; resuming sends what waited, in order per resource', async () => {
    const w = await onboardingWorld(app);
    let failing = true;
    const hook = await receiver(() => (failing ? 500 : 204));
    try {
      const unitId: number = (await w.call('planner', 'POST', `${base}/root-projects`, w.project('Reihenfolge'))).json()
        .projectUnitID;
      const { endpoint } = (
        await w.call('admin', 'POST', `${base}/webhook-endpoints`, { url: hook.url, events: ['unit.state.changed'] })
      ).json();
      const emit = (n: number) =>
        w.db.transaction().execute((trx) =>
          emitEvent(trx, {
            type: 'unit.state.changed',
            tenantId: w.tenant.tenant_id,
            rootProjectUnitId: unitId,
            projectUnitId: unitId,
            subject: { kind: 'unit', id: unitId },
            data: { step: n },
          }),
        );
      const events = [];
      for (let n = 1; n <= 3; n++) events.push(await emit(n));
      const paused = async () =>
        (
          await w.db
            .selectFrom('webhook_endpoints')
            .select('paused_at')
            .where('endpoint_id', '=', endpoint.endpointID)
            .executeTakeFirstOrThrow()
        ).paused_at !== null;
      await drainUntil(paused);
      // Three attempts of the first, none of the later ones (they wait behind it).
      const firstId = `evt_${events[0]!.eventId}`;
      expect(hook.received.map((r) => JSON.parse(r.body).id)).toEqual([firstId, firstId, firstId]);
      const ep = (await w.call('admin', 'GET', `${base}/webhook-endpoints`)).json()[0];
      expect(ep.pausedAt).not.toBeNull();
      expect(ep.waiting).toBe(2);
      const deliveries = (
        await w.call('admin', 'GET', `${base}/webhook-endpoints/${endpoint.endpointID}/deliveries`)
      ).json();
      expect(deliveries.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending', 'failed']);
      expect(deliveries[2]).toMatchObject({ attempts: 3, responseStatus: 500 });
      expect((await w.outbox(w.admin.email ?? w.admin.login)).map((m) => m.subject).join(' ')).toMatch(/Webhook/);

      // While paused nothing goes out; resumed, the waiting ones go in order.
      failing = false;
      await emit(4);
      await drain();
      expect(hook.received.length).toBe(3);
      const resumed = await w.call('admin', 'PUT', `${base}/webhook-endpoints/${endpoint.endpointID}`, {
        url: hook.url,
        events: ['unit.state.changed'],
        paused: false,
      });
      expect(resumed.statusCode).toBe(200);
      await drainUntil(() => hook.received.length >= 6);
      const steps = hook.received.slice(3).map((r) => JSON.parse(r.body).id);
      expect(steps).toEqual([`evt_${events[1]!.eventId}`, `evt_${events[2]!.eventId}`, expect.stringMatching(/^evt_/)]);
      expect(new Set(hook.received.slice(3).map((r) => r.headers['webhook-id'])).size).toBe(3);
    } finally {
      await hook.close();
    }
  });
});

describe('webhooks to private addresses', () => {
  let strict: FastifyInstance;
  let allowing: FastifyInstance;
  beforeAll(async () => {
    strict = await createTestApp({ config: { publicUrl: 'https://planport.example', outboundAllowNetworks: [] } });
    allowing = await createTestApp({
      config: { publicUrl: 'https://planport.example', outboundAllowNetworks: ['127.0.0.1/32'] },
    });
  });
  afterAll(async () => {
    await strict.close();
    await allowing.close();
  });

  it('refuses loopback, private and metadata addresses unless OUTBOUND_ALLOW_NETWORKS allows them', async () => {
    const w = await onboardingWorld(strict);
    const hook = await receiver();
    try {
      for (const url of [
        hook.url,
        'http://10.0.0.1/x',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
        'http://localhost:9/x',
      ]) {
        const res = await w.call('admin', 'POST', `${base}/webhook-endpoints`, { url, events: ['project.created'] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().messages[0].message).toBe('ADMIN.Webhooks.UrlNotPublic');
      }
      expect((await w.call('admin', 'GET', `${base}/webhook-endpoints`)).json()).toEqual([]);

      // Allowed by the operator: registered and delivered to the local receiver.
      const a = await onboardingWorld(allowing);
      const created = await a.call('admin', 'POST', `${base}/webhook-endpoints`, {
        url: hook.url,
        events: ['project.created'],
      });
      expect(created.statusCode).toBe(200);
      const { endpointID } = created.json().endpoint;
      await a.call('admin', 'POST', `${base}/webhook-endpoints/${endpointID}/test`);
      await allowing.ctx.work.drain(WEBHOOK_WORK_KIND);
      expect(hook.received.length).toBe(1);

      // The same endpoint sent by a server that does not allow it: refused when sent, nothing reaches it.
      const strictCookie = await signIn(strict, a.admin.login, TEST_PASSWORD);
      await strict.inject({
        method: 'POST',
        url: `${base}/webhook-endpoints/${endpointID}/test`,
        headers: { cookie: strictCookie, ...xhr },
      });
      await strict.ctx.work.drain(WEBHOOK_WORK_KIND);
      expect(hook.received.length).toBe(1);
      const deliveries = (await a.call('admin', 'GET', `${base}/webhook-endpoints/${endpointID}/deliveries`)).json();
      expect(deliveries[0]).toMatchObject({ lastError: 'refused-address', responseStatus: null });
    } finally {
      await hook.close();
    }
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
