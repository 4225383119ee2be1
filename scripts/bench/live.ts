// Live pages: event latency from commit to the open pages (p50/p95), and the memory one open
// Server-Sent Events stream costs the server, with N streams (default 1,000) on one instance.
//
//   npx tsx scripts/bench/live.ts [streams=1000] [events=100]
//   DATABASE_URL=postgres://… npx tsx scripts/bench/live.ts   (PostgreSQL: LISTEN/NOTIFY)
//
// The server runs in this process; the streams are held by a child process (so its sockets and
// parsing do not count as the server's memory). Each event is committed here with the time of its
// commit; the child notes when each stream received it (same machine clock).
import { fork } from 'node:child_process';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createSession } from '../../src/server/platform/auth/session';
import { emitEvent } from '../../src/server/platform/events';
import { createProject, createUser, createWorld } from '../../src/server/test/factories';

const streams = Number(process.argv[2] ?? 1000);
const events = Number(process.argv[3] ?? 100);
const USERS_STREAMS = 10; // tabs per user (the limit is 12)

if (process.argv[2] === 'child') {
  // ---- The pages: hold the streams, report arrival times per event id.
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const arrivals = new Map<number, number[]>();
  let ready = 0;
  process.on('message', (m: { url: string; cookies: string[] } | 'report') => {
    if (m === 'report') {
      process.send!({ arrivals: [...arrivals.entries()] });
      return;
    }
    for (const cookie of m.cookies) {
      http.get(`${m.url}/api/events/stream`, { agent, headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) throw new Error(`stream refused: ${res.statusCode}`);
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.includes('event: ready')) {
              if (++ready === m.cookies.length) process.send!('ready');
            } else if (block.includes('event: change')) {
              const id = Number(/^id: (\d+)/m.exec(block)?.[1]);
              const list = arrivals.get(id) ?? [];
              list.push(Date.now());
              arrivals.set(id, list);
            }
          }
        });
      });
    }
  });
} else {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: '/nonexistent',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { logger: false });
  await app.ctx.events.ready;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = app.ctx.db;
  const world = await createWorld(db);
  const tenantId = world.tenant.tenant_id;
  const project = await createProject(db, tenantId, { title: 'Live' });
  const cookies: string[] = [];
  for (let u = 0; cookies.length < streams; u++) {
    const user = await createUser(db, tenantId, { is_internal: true });
    const token = await createSession(db, user.user_id, new Date());
    for (let t = 0; t < USERS_STREAMS && cookies.length < streams; t++) cookies.push(`planport_session=${token}`);
  }

  const gc = (globalThis as { gc?: () => void }).gc;
  const memory = () => {
    gc?.();
    return process.memoryUsage();
  };
  const before = memory();
  const child = fork(new URL(import.meta.url).pathname, ['child'], { execArgv: ['--import', 'tsx'] });
  const waitFor = (what: string) =>
    new Promise<unknown>((resolve) =>
      child.on('message', (m) => {
        if (m === what || (typeof m === 'object' && m !== null && what in m)) resolve(m);
      }),
    );
  const opened = performance.now();
  child.send({ url, cookies });
  await waitFor('ready');
  const openMs = performance.now() - opened;
  await new Promise((r) => setTimeout(r, 1000));
  const after = memory();

  // Events one by one, as changes commit (each in its own transaction), 20 per second.
  const committedAt = new Map<number, number>();
  for (let i = 0; i < events; i++) {
    const event = await db.transaction().execute((trx) =>
      emitEvent(trx, {
        type: 'unit.state.changed',
        tenantId,
        rootProjectUnitId: project.project_unit_id,
        projectUnitId: project.project_unit_id,
        actorUserId: world.admin.user_id,
        subject: { kind: 'unit', id: project.project_unit_id },
      }),
    );
    committedAt.set(event.eventId, Date.now());
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 3000));
  child.send('report');
  const { arrivals } = (await waitFor('arrivals')) as { arrivals: [number, number[]][] };
  const latencies: number[] = [];
  let delivered = 0;
  for (const [id, times] of arrivals) {
    const at = committedAt.get(id);
    if (at === undefined) continue;
    delivered += times.length;
    for (const t of times) latencies.push(t - at);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const perStream = (after.heapUsed - before.heapUsed + (after.external - before.external)) / streams;
  const rssPer = (after.rss - before.rss) / streams;
  console.log(
    [
      `live pages (${process.env.DATABASE_URL ? 'PostgreSQL, LISTEN/NOTIFY' : 'PGlite, in process'}), ${streams} open streams on one instance, opened in ${(openMs / 1000).toFixed(1)} s`,
      `  memory per stream: heap+external ${(perStream / 1024).toFixed(1)} KB, RSS ${(rssPer / 1024).toFixed(1)} KB${gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
      `  ${events} events × ${streams} streams: ${delivered} of ${events * streams} delivered`,
      `  latency commit → page: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)} ms`,
    ].join('\n'),
  );
  child.kill();
  await app.close();
}
