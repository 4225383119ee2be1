import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../platform/events';
import { createTestApp } from '../../test/app';
import { signInActors } from '../../test/actors';
import { onboardingWorld } from '../projects/test-onboarding-world';
import { base } from '../projects/test-world';
import { bearer, receiver, verifySignature } from './test-webhooks';
import { WEBHOOK_WORK_KIND } from './webhook-delivery';

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
      expect(verifySignature(secret, first!)).toBe(true);
      expect(verifySignature(`whsec_${Buffer.from('wrong').toString('base64')}`, first!)).toBe(false);
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
      expect(fresh.every((r) => verifySignature(secret, r))).toBe(true);
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
      const onStrict = await signInActors(strict, { admin: a.admin });
      await onStrict.call('admin', 'POST', `${base}/webhook-endpoints/${endpointID}/test`);
      await strict.ctx.work.drain(WEBHOOK_WORK_KIND);
      expect(hook.received.length).toBe(1);
      const deliveries = (await a.call('admin', 'GET', `${base}/webhook-endpoints/${endpointID}/deliveries`)).json();
      expect(deliveries[0]).toMatchObject({ lastError: 'refused-address', responseStatus: null });
    } finally {
      await hook.close();
    }
  });
});
