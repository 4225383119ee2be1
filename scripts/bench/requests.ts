// Server throughput and latency of typical calls, each as a ratio to bare Fastify measured in the
// same run (same machine, same moment): `npx tsx scripts/bench/requests.ts [seconds]`.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';

const seconds = Number(process.argv[2] ?? 5);
const connections = 10;

type Result = { label: string; rps: number; p50: number; p99: number; errors: number };

async function run(label: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // Warm-up, not measured.
  await autocannon({ url, headers, connections, duration: 1 });
  const r = await autocannon({ url, headers, connections, duration: seconds });
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.db);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${base}/api/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  body: JSON.stringify({ login: 'planner@demo.planport.test', password: 'Demo-2026' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const headers = { cookie };
const projects = (await (await fetch(`${base}/api/data/portal/projectlist/current?$top=1`, { headers })).json()) as {
  data: { projectUnitID: number }[];
};
const rootId = projects.data[0]?.projectUnitID ?? 1;

const results: Result[] = [];
results.push(await run('bare Fastify, JSON', `${bareBase}/bare`));
results.push(await run('health (public)', `${base}/api/health/live`));
results.push(await run('current user', `${base}/api/account/me`, headers));
results.push(await run('task list', `${base}/api/tasks?$top=20`, headers));
results.push(
  await run('project list, page 1', `${base}/api/data/portal/projectlist/current?$top=20&$count=true`, headers),
);
results.push(await run('unit details', `${base}/api/data/portal/projects/${rootId}`, headers));
results.push(await run('project files', `${base}/api/file/${rootId}/${rootId}`, headers));

const reference = results[0]!;
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s per line; ratio = bare Fastify ÷ call (throughput)`,
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ×${(reference.rps / r.rps).toFixed(1).padStart(5)}${r.errors ? `  errors ${r.errors}` : ''}`,
  );
}
// For the suite (scripts/bench/suite.ts): the figures as JSON.
if (process.env.BENCH_JSON) {
  const fs = await import('node:fs');
  fs.writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ database: process.env.DATABASE_URL ? 'postgres' : 'pglite', seconds, connections, results }),
  );
}
await app.close();
await bare.close();
