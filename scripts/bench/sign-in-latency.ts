// Sign-in latency over HTTP on a real port: p50/p95 of sequential sign-ins.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';

const n = Number(process.argv[2] ?? 60);
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.ctx.db);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const times: number[] = [];
for (let i = 0; i < n; i++) {
  const started = performance.now();
  const res = await fetch(`${address}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ login: 'planner@demo.planport.test', password: 'Demo-2026' }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
console.log(
  `sign-in (${n} sequential, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (budget p95 300 ms)`,
);
await app.close();
