// Server throughput and latency of typical calls, each as a share of bare Fastify measured in the
// same run (same machine, same moment): `npx tsx scripts/bench/requests.ts [seconds] [--rounds N]`.
// With DATABASE_URL on PostgreSQL (the database is seeded with the demo when empty), else on an
// in-memory PGlite. The app logs as in production (one info line per request, to a stream that
// discards it). Each call is measured right after bare Fastify; with `--rounds N` every pair is
// measured N times and the best share counts (a shared machine's noise only ever slows a run
// down). BENCH_JSON=<file> writes the figures for scripts/bench/suite.ts.
import { Writable } from 'node:stream';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';
import { signInCookie } from './lib/sign-in';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Math.max(1, Number(args[roundsAt + 1])) : 1;
const seconds = Number(args.find((a, i) => !a.startsWith('--') && (roundsAt < 0 || i !== roundsAt + 1)) ?? 5);
const connections = 10;

type Result = { label: string; rps: number; p50: number; p99: number; errors: number; share: number };

async function measure(url: string, headers: Record<string, string>, warmUp: boolean) {
  // Warm-up, not measured.
  if (warmUp) await autocannon({ url, headers, connections, duration: 1 });
  const r = await autocannon({ url, headers, connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
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
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const app = await buildApp({ ...config, logLevel: 'info' }, { logStream: discard });
await seedDemoIfEmpty(app.ctx.db);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const cookie = await signInCookie(base, 'planner@demo.planport.test');
const headers = { cookie };
const projects = (await (await fetch(`${base}/api/data/portal/projectlist/current?$top=1`, { headers })).json()) as {
  data: { projectUnitID: number }[];
};
const rootId = projects.data[0]?.projectUnitID ?? 1;

const lines: { label: string; url: string; headers?: Record<string, string> }[] = [
  { label: 'health (public)', url: `${base}/api/health/live` },
  { label: 'current user', url: `${base}/api/account/me`, headers },
  { label: 'task list', url: `${base}/api/tasks?$top=20`, headers },
  { label: 'project list, page 1', url: `${base}/api/data/portal/projectlist/current?$top=20&$count=true`, headers },
  { label: 'unit details', url: `${base}/api/data/portal/projects/${rootId}`, headers },
  { label: 'project files', url: `${base}/api/file/${rootId}/${rootId}`, headers },
];
const best = new Map<string, Result>();
// The best share of each call over the rounds; for bare Fastify its best throughput.
const keep = (result: Result) => {
  const seen = best.get(result.label);
  if (!seen || result.share > seen.share || (result.share === seen.share && result.rps > seen.rps))
    best.set(result.label, result);
};
// Bare Fastify is measured right before each call, so the share compares two figures taken a few
// seconds apart, not one taken a minute earlier under another load.
for (let round = 0; round < rounds; round++) {
  const warmUp = round === 0;
  for (const line of lines) {
    const bareResult = await measure(`${bareBase}/bare`, {}, warmUp && line === lines[0]);
    const r = await measure(line.url, line.headers ?? {}, warmUp);
    keep({ label: 'bare Fastify, JSON', ...bareResult, share: 1 });
    keep({ label: line.label, ...r, share: r.rps / bareResult.rps });
  }
}
const results = ['bare Fastify, JSON', ...lines.map((l) => l.label)].map((label) => best.get(label)!);

console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s per line${rounds > 1 ? `, best of ${rounds} rounds` : ''}; share = call's throughput ÷ bare Fastify's measured just before it`,
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(r.share * 100).toFixed(1).padStart(5)} %${r.errors ? `  errors ${r.errors}` : ''}`,
  );
}
// For the suite (scripts/bench/suite.ts): the figures as JSON.
if (process.env.BENCH_JSON) {
  const fs = await import('node:fs');
  fs.writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      seconds,
      rounds,
      connections,
      results,
    }),
  );
}
await app.close();
await bare.close();
