// The app alone in its own process, for scripts/bench/profile.ts: seeds the demo, signs in the
// planner, prints one JSON line {base, cookie, rootId} and runs until SIGINT (then --cpu-prof writes).
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createDatabase } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { seedDemoIfEmpty } from '../../../src/server/seed/demo';
import { signInCookie } from './sign-in';

const config = loadConfig({
  ...process.env,
  // PROFILE_DATA_DIR profiles an embedded database kept on disk, e.g. one a benchmark seeded.
  DATA_DIR: process.env.DATABASE_URL ? './unused' : (process.env.PROFILE_DATA_DIR ?? 'memory://'),
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
});
// Every statement counted, so the report can show the queries per request.
const statements = new Map<string, number>();
const db = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log: (event) => {
    if (event.level !== 'query') return;
    const text = event.query.sql.replace(/\s+/g, ' ').slice(0, 160);
    statements.set(text, (statements.get(text) ?? 0) + 1);
  },
});
await migrateToLatest(db);
// Logs as in production (one info line per request), to a stream that discards them.
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const app = await buildApp({ ...config, logLevel: 'info' }, { db, logStream: discard });
app.addHook('onClose', async () => db.destroy());
await seedDemoIfEmpty(app.ctx.db);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
// PROFILE_LOGIN / PROFILE_PASSWORD sign in someone else, e.g. on a benchmark's database
// (DATABASE_URL naming it), where the demo is not seeded.
const cookie = await signInCookie(
  base,
  process.env.PROFILE_LOGIN ?? 'planner@demo.planport.test',
  process.env.PROFILE_PASSWORD,
);
const projects = (await (
  await fetch(`${base}/api/data/portal/projectlist/current?$top=1`, { headers: { cookie } })
).json()) as { data: { projectUnitID: number }[] };
statements.clear();
let cpu = process.cpuUsage();
// The statements run and the CPU time spent since the last signal (the driver divides by the
// request count): a figure that a shared machine's load barely moves, unlike req/s.
// On PostgreSQL (same machine) also the CPU time of the database's backends serving this app.
let databaseCpu = await databaseCpuMicros();
process.on('SIGUSR2', () => {
  const used = process.cpuUsage(cpu);
  const counted = [...statements].sort((a, b) => b[1] - a[1]);
  statements.clear();
  cpu = process.cpuUsage();
  void databaseCpuMicros().then((now) => {
    const databaseMicros = now === null || databaseCpu === null ? null : now - databaseCpu;
    databaseCpu = now;
    console.log(JSON.stringify({ statements: counted, cpuMicros: used.user + used.system, databaseMicros }));
  });
});
// Printed once the signal is handled: the driver sends it as soon as it reads this line.
console.log(JSON.stringify({ base, cookie, rootId: projects.data[0]?.projectUnitID ?? 1 }));
/** User + system time of this database's backends (from /proc), or null on PGlite or without /proc. */
async function databaseCpuMicros(): Promise<number | null> {
  if (!config.databaseUrl) return null;
  const { rows } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name in parentheses.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1_000_000) / 100;
}
// process.exit (not a signal's default) lets --cpu-prof write its file.
process.on('SIGINT', () => void app.close().finally(() => process.exit(0)));
