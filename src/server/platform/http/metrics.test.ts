import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

const token = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics', () => {
  let app: FastifyInstance;
  let without: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ config: { metricsToken: token } });
    without = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await without.close();
  });

  it('answers only with the token, and does not exist without one configured', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('planport_');
    const none = await without.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(none.statusCode).toBe(404);
  });

  it('counts requests per route pattern and status, with latency, connections, queues and the process', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/health/live' });
    await app.inject({ url: '/api/data/portal/projects/123456' });
    await app.inject({ url: '/api/no-such-thing' });
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('planport_http_requests_total{method="GET",route="/api/health/live",status="200"} 3');
    // Ids never become labels: the route's pattern is counted.
    expect(text).toMatch(/route="\/api\/data\/:product\/projects\/:[a-zA-Z]+",status="401"} 1/);
    expect(text).not.toContain('123456');
    // Unknown paths share one series, whatever they are.
    expect(text).toMatch(/route="unmatched",status="40\d"} 1/);
    expect(text).not.toContain('no-such-thing');
    expect(text).toMatch(
      /planport_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live"\}/,
    );
    expect(text).toMatch(/planport_db_connections\{state="open"\} [1-9]/);
    expect(text).toMatch(/planport_mail_queue_depth \d+/);
    expect(text).toMatch(/planport_jobs_running \d+/);
    expect(text).toContain('# TYPE planport_work_queue_depth gauge');
    expect(text).toContain('planport_process_resident_memory_bytes');
    expect(text).toContain('planport_nodejs_eventloop_lag_seconds');
  });

  it('follows the outbox with the mail queue depth: up when a mail is queued, down once it is delivered', async () => {
    const depth = async () => {
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      return Number(/^planport_mail_queue_depth (\d+)$/m.exec(res.body)?.[1]);
    };
    // The depth counts the whole outbox, and on one PostgreSQL database other test files queue and
    // deliver mail meanwhile: the relation must hold in one of the attempts.
    let seen: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      await app.ctx.mailer.deliverDue(500);
      const before = await depth();
      await app.ctx.mailer.enqueue(app.ctx.db, { tenantId: null, to: 'metrics@example.test', subject: 'S', text: 'T' });
      await app.ctx.mailer.enqueue(app.ctx.db, { tenantId: null, to: 'metrics@example.test', subject: 'S', text: 'T' });
      const queued = await depth();
      // The deliveries are background work of this app's own mail kind, counted by kind.
      const work = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(work.body).toMatch(/^planport_work_queue_depth\{kind="mail\.deliver[^"]*"\} [1-9]/m);
      const result = await app.ctx.mailer.deliverDue(500);
      expect(result.delivered).toBeGreaterThanOrEqual(2);
      const after = await depth();
      seen = [before, queued, after, queued - result.delivered - result.failed];
      if (queued === before + 2 && after === seen[3]) break;
    }
    expect(seen[1]).toBe(seen[0]! + 2);
    expect(seen[2]).toBe(seen[3]);
  });
});
