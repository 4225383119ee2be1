// The longest stretch a 20,000-row catalogue import holds the embedded database: a probe asks
// `select 1` every millisecond meanwhile and records its longest wait. Prints the import's time,
// the probe's longest wait and its p99.
// Usage: tsx scripts/bench/catalogue-import.ts [rows=20000]   (DATABASE_URL for PostgreSQL)
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';

const n = Number(process.argv[2] ?? 20_000);

// Each statement of the embedded database and each transaction (begin to commit) is timed: the
// longest of either is how long other requests had to wait at worst.
const holds = { statement: 0, transaction: 0, since: 0 };
const query = PGlite.prototype.query;
PGlite.prototype.query = async function timed(this: PGlite, ...args: Parameters<typeof query>) {
  const t = performance.now();
  const text = String(args[0]).trim().toLowerCase();
  if (text.startsWith('begin')) holds.since = t;
  try {
    return await query.apply(this, args);
  } finally {
    const now = performance.now();
    holds.statement = Math.max(holds.statement, now - t);
    if ((text === 'commit' || text === 'rollback') && holds.since) {
      holds.transaction = Math.max(holds.transaction, now - holds.since);
      holds.since = 0;
    }
  }
} as typeof query;
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATABASE_URL ? './unused' : 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.ctx.db);
const xhr = { 'x-requested-with': 'XMLHttpRequest' };
const login = await app.inject({
  method: 'POST',
  url: '/api/account/login',
  headers: xhr,
  payload: { login: 'admin@demo.planport.test', password: 'Demo-2026' },
});
if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode}`);
const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
const header =
  'articleNo;title;thicknessMm;widthMm;minLengthMm;maxLengthMm;lengthStepMm;palletCapacity;colorIndex;active';

async function run(label: string, csv: string) {
  let done = false;
  const waits: number[] = [];
  holds.statement = 0;
  holds.transaction = 0;
  // The embedded database answers on this thread: a probe's wait runs from when it could have
  // been sent (the previous one answered, plus 1 ms) to its answer, so a long statement that
  // blocks the thread counts as well as a transaction that holds the connection.
  const probe = (async () => {
    let ready = performance.now();
    while (!done) {
      await new Promise((r) => setTimeout(r, 1));
      await sql`select 1`.execute(app.ctx.db);
      const now = performance.now();
      waits.push(now - ready - 1);
      ready = now;
    }
  })();
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/data/${config.productKey}/catalogues/aac/import`,
    headers: { cookie, ...xhr },
    payload: { csv },
  });
  const total = performance.now() - started;
  done = true;
  await probe;
  const report = res.json() as { applied: boolean; inserted: number; updated: number; deactivated: number };
  waits.sort((a, b) => a - b);
  const p99 = waits[Math.floor(waits.length * 0.99)] ?? NaN;
  console.log(
    `${label}: ${Math.round(total)} ms (applied ${report.applied}, inserted ${report.inserted}, updated ${report.updated}, ` +
      `deactivated ${report.deactivated}); longest statement ${Math.round(holds.statement)} ms, longest transaction ` +
      `${Math.round(holds.transaction)} ms; longest wait of the probe ${Math.round(waits.at(-1) ?? NaN)} ms, ` +
      `p99 ${Math.round(p99)} ms over ${waits.length} probes`,
  );
}

const lines = (title: string) =>
  Array.from(
    { length: n },
    (_, i) => `BENCH-${i};${title} ${i};${100 + (i % 30) * 10};625;1000;6000;20;1.8;${i % 5};true`,
  );
await run(`new catalogue of ${n}`, [header, ...lines('Stein')].join('\n'));
await run(`same file again`, [header, ...lines('Stein')].join('\n'));
await run(`every title changed`, [header, ...lines('Block')].join('\n'));
await app.close();
