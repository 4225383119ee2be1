// Another user's request latency while 300 anonymous sign-ins arrive at once, on a real port.
// Two attackers: one client (all from one address), and 300 clients (distinct X-Forwarded-For,
// trusted through TRUST_PROXY=true here). Prints p50/p99 of the signed-in user's project list.
// Usage: tsx scripts/bench/sign-in-flood.ts [signIns=300]   (DATABASE_URL for PostgreSQL)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';

const n = Number(process.argv[2] ?? 300);
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
  TRUST_PROXY: 'true',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.ctx.db);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

const login = await fetch(`${address}/api/account/login`, {
  method: 'POST',
  headers: { ...json, 'x-forwarded-for': '192.0.2.1' },
  body: JSON.stringify({ login: 'planner@demo.planport.test', password: 'Demo-2026' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const list = `${address}/api/data/${config.productKey}/projectlist/current?$top=20`;

async function measure(label: string, forwardedFor: (i: number) => string) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let done = false;
  // The longest stretch the event loop (and the embedded database on it) was blocked.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const flood = Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await fetch(`${address}/api/account/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': forwardedFor(i) },
        body: JSON.stringify({ login: `guess-${i}@example.test`, password: `wrong-${i}` }),
      });
      await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  ).then(() => {
    done = true;
  });
  const started = performance.now();
  while (!done || times.length < 20) {
    const t = performance.now();
    const res = await fetch(list, { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
    times.push(performance.now() - t);
  }
  await flood;
  loop.disable();
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  console.log(
    `${label}: ${n} sign-ins in ${total.toFixed(0)} ms (${JSON.stringify(Object.fromEntries(statuses))}); ` +
      `other user's list p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms over ${times.length} requests; ` +
      `longest event-loop block ${(loop.max / 1e6).toFixed(0)} ms`,
  );
}

// Quiet baseline first.
{
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await (await fetch(list, { headers: { cookie } })).text();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`quiet: other user's list p50 ${times[25]?.toFixed(1)} ms, p99 ${times[49]?.toFixed(1)} ms`);
}

await measure('one client', () => '198.51.100.7');
await measure(`${n} clients`, (i) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`);
await app.close();
