// Webhooks: delivery latency from the commit of a change to the receiver (p50/p95, one event at a
// time) and throughput with 1,000 events queued at once, to a local receiver.
//
//   npx tsx scripts/bench/webhooks.ts [events=200] [queued=1000]
//   DATABASE_URL=postgres://… npx tsx scripts/bench/webhooks.ts
//
// The server runs in this process with its background-work loop started as in production
// (ctx.work.start); the receiver is an HTTP server on 127.0.0.1 (allowed: PUBLIC_URL is local).
// Each event is committed here with the time of its commit; the receiver notes its arrival.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createEndpoint } from '../../src/server/modules/machine-access/webhook-service';
import { sessionUserOf } from '../../src/server/test/actors';
import { emitEvent } from '../../src/server/platform/events';
import { createProject, createWorld } from '../../src/server/test/factories';

const events = Number(process.argv[2] ?? 200);
const queued = Number(process.argv[3] ?? 1000);

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'false',
});
const app = await buildApp(config, { logger: false });
await app.ctx.events.ready;
await app.ctx.work.start({ intervalMs: 2000, embedded: !config.databaseUrl });
const db = app.ctx.db;

const arrivals = new Map<string, number>();
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    arrivals.set((JSON.parse(body) as { id: string }).id, Date.now());
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const world = await createWorld(db);
const tenantId = world.tenant.tenant_id;
await createEndpoint(app.ctx, sessionUserOf(world.admin), null, { url, events: ['unit.state.changed'] });
const projects = await Promise.all(
  Array.from({ length: 20 }, (_, i) => createProject(db, tenantId, { title: `Bench ${i}` })),
);
const emit = (unitId: number) =>
  db.transaction().execute((trx) =>
    emitEvent(trx, {
      type: 'unit.state.changed',
      tenantId,
      rootProjectUnitId: unitId,
      projectUnitId: unitId,
      actorUserId: world.admin.user_id,
      subject: { kind: 'unit', id: unitId },
      data: {},
    }),
  );
const waitUntil = async (done: () => boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
};

// 1. Latency: one change at a time, 20 a second, spread over 20 units.
const latencies: number[] = [];
for (let i = 0; i < events; i++) {
  const event = await emit(projects[i % projects.length]!.project_unit_id);
  const committed = Date.now();
  const id = `evt_${event.eventId}`;
  await waitUntil(() => arrivals.has(id), 10_000);
  const at = arrivals.get(id);
  if (at !== undefined) latencies.push(at - committed);
  await new Promise((r) => setTimeout(r, 50));
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;

// 2. Throughput: the loop paused, `queued` events committed (20 units), then all delivered.
await app.ctx.work.stop();
const before = arrivals.size;
const ids: string[] = [];
for (let i = 0; i < queued; i++)
  ids.push(`evt_${(await emit(projects[i % projects.length]!.project_unit_id)).eventId}`);
const { createWorkQueue } = await import('../../src/server/platform/jobs/work');
const { registerWebhookDelivery } = await import('../../src/server/modules/machine-access/webhook-delivery');
const work = createWorkQueue({ db, log: app.log });
registerWebhookDelivery({ ...app.ctx, work }, app.ctx.events, config.webhookRetryDelaysMs);
const started = performance.now();
await work.start({ intervalMs: 200 });
await waitUntil(() => ids.every((id) => arrivals.has(id)), 600_000);
const seconds = (performance.now() - started) / 1000;
const delivered = arrivals.size - before;
await work.stop();

console.log(
  [
    `webhooks (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}), local receiver, Node ${process.version}`,
    `  latency commit → receiver, ${latencies.length} of ${events} events one at a time: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)} ms`,
    `  throughput: ${delivered} of ${queued} queued events (20 resources, in order each) delivered in ${seconds.toFixed(1)} s = ${(delivered / seconds).toFixed(0)} per second`,
  ].join('\n'),
);
server.close();
await app.close();
