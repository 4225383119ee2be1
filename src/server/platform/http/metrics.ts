import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../../shared/errors';
import { databasePoolStats, type Database } from '../db/database';
import { workQueueDepth } from '../jobs/work-items';
import { mailQueueDepth } from '../mail/mailer';
import { dataDirectory, freeDiskBytes } from '../storage/disk-space';

/**
 * `GET /metrics` in Prometheus format, behind `METRICS_TOKEN` (docs/operations.md): request rate,
 * errors and latency per route, the database connections, the mail and job queues, and the
 * process (memory, CPU, event-loop delay). A registry per application, so building the app twice
 * in one process counts twice nothing; others add theirs to it (web-vitals.ts). None without a token.
 */
export function registerMetrics(app: FastifyInstance, db: Database, token: string | undefined): Registry | undefined {
  if (!token) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'planport_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'planport_http_requests_total',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'planport_http_request_duration_seconds',
    help: 'HTTP request duration by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'planport_db_connections',
    help: 'Database connections: open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = databasePoolStats(db);
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  void pool;
  new Gauge({
    name: 'planport_mail_queue_depth',
    help: 'E-mails in the outbox waiting for delivery (pending or being sent)',
    registers: [registry],
    async collect() {
      this.set(await mailQueueDepth(db));
    },
  });
  new Gauge({
    name: 'planport_mail_failed',
    help: 'E-mails in the outbox given up after the last attempt (admins may retry them)',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where status = 'failed'`.execute(db);
      this.set(rows[0]?.n ?? 0);
    },
  });
  new Gauge({
    name: 'planport_work_queue_depth',
    help: 'Background work waiting or running, by kind (model conversions, mail and webhook deliveries)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [kind, n] of Object.entries(await workQueueDepth(db))) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: 'planport_jobs_running',
    help: 'Scheduled job runs claimed and not yet finished',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from job_runs where finished_at is null`.execute(db);
      this.set(rows[0]?.n ?? 0);
    },
  });

  const dataDir = dataDirectory(app.ctx.config);
  new Gauge({
    name: 'planport_data_dir_free_bytes',
    help: 'Free disk space of the data directory (DATA_DIR: embedded database, staged uploads, local files)',
    registers: [registry],
    async collect() {
      const free = await freeDiskBytes(dataDir);
      if (free !== null) this.set(free);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids do not multiply the series.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
  });

  const expected = crypto.createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const given = crypto
      .createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest();
    if (!crypto.timingSafeEqual(given, expected)) throw new AppError('NotFound');
    return reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics());
  });
  return registry;
}
