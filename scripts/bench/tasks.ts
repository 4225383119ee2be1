// Task list and state-change endpoints under load, over HTTP on a real port.
//   npx tsx scripts/bench/tasks.ts [rate=200] [requests=3000]
// Seeds 10,000 projects / 100,000 units and 100,000 tasks (one user holds 2,000 open ones) into a
// fresh in-memory PGlite, or, with DATABASE_URL, into a fresh database `bench_tasks` on that
// PostgreSQL server. Sends the task-list requests at a fixed rate (open loop: a slow answer does
// not slow the sender) and prints p50/p95/p99; then times 300 state changes one after another.
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { hashPassword } from '../../src/server/platform/auth/password';
import type { Database } from '../../src/server/platform/db/database';
import { openBenchDatabase } from './lib/bench-database';
import { signInCookie } from './lib/sign-in';
import { migrateToLatest } from '../../src/server/platform/db/migrate';

const rate = Number(process.argv[2] ?? 100);
const total = Number(process.argv[3] ?? 3000);
const PASSWORD = 'Bench-Passw0rd';
const STATE_CHANGES = 300;

async function seed(db: Database) {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const tenant = await db
    .insertInto('tenants')
    .values({ tenant_key: 'bench', name: 'Bench', features: JSON.stringify({}) })
    .returning('tenant_id')
    .executeTakeFirstOrThrow();
  const t = tenant.tenant_id;
  const holder = await db
    .insertInto('users')
    .values({ tenant_id: t, login: 'holder@bench.test', email: 'holder@bench.test', password_hash: hash })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const planner = await db
    .insertInto('users')
    .values({
      tenant_id: t,
      login: 'planner@bench.test',
      email: 'planner@bench.test',
      password_hash: hash,
      is_internal: true,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await sql`insert into users (tenant_id, login, email) select ${t}, 'u' || g || '@bench.test', 'u' || g || '@bench.test' from generate_series(1, 1000) g`.execute(
    db,
  );
  await sql`
    insert into project_units (tenant_id, project_unit_type, project_unit_no, title, state_key, state_since)
    select ${t}, 'project', 'B-' || lpad(g::text, 6, '0'), 'Bauvorhaben ' || g, case when g <= ${STATE_CHANGES} then 'Preparing' else 'ProvideFiles' end, now() - (g * interval '7 minutes')
    from generate_series(1, 10000) g`.execute(db);
  await sql`update project_units set root_project_unit_id = project_unit_id where parent_project_unit_id is null`.execute(
    db,
  );
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_no, title, state_key, state_since)
    select r.tenant_id, r.project_unit_id, r.project_unit_id, 'approvallot', r.project_unit_no || '-' || k, 'Los ' || k,
           case when r.state_key = 'Preparing' then 'Preparing' else 'ProvideFiles' end, r.state_since
    from project_units r cross join generate_series(1, 9) k where r.parent_project_unit_id is null`.execute(db);
  await sql`insert into members (root_project_unit_id, user_id, role_keys) select project_unit_id, ${planner.user_id}, array['salesPlanner'] from project_units where parent_project_unit_id is null`.execute(
    db,
  );
  await sql`insert into members (root_project_unit_id, user_id, role_keys) select project_unit_id, ${holder.user_id}, array['reviewer'] from project_units where parent_project_unit_id is null and project_unit_id % 5 = 0`.execute(
    db,
  );
  // 100,000 tasks: the holder's 2,000 open reviewer tasks, the rest spread over 1,000 users, a third closed.
  await sql`
    insert into tasks (tenant_id, root_project_unit_id, project_unit_id, user_id, task_key, state_key, created_at, closed_at)
    select u.tenant_id, u.root_project_unit_id, u.project_unit_id,
           case when n <= 4000 and c = 1 then ${holder.user_id}::int else (select min(user_id) from users where login like 'u%') + (n % 1000) end,
           u.state_key, u.state_key, now() - (n * interval '3 minutes'),
           case when n > 4000 and n % 3 = 0 then now() else null end
    from (select pu.*, c, row_number() over (order by pu.project_unit_id desc, c) as n
          from project_units pu cross join generate_series(1, 2) c where pu.parent_project_unit_id is not null and pu.state_key = 'ProvideFiles') u
    where n <= 100000 - ${STATE_CHANGES}`.execute(db);
  await sql`insert into tasks (tenant_id, root_project_unit_id, project_unit_id, user_id, task_key, state_key) select tenant_id, project_unit_id, project_unit_id, ${planner.user_id}, 'Preparing', 'Preparing' from project_units where state_key = 'Preparing' and parent_project_unit_id is null`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  const counts = await sql<{
    tasks: number;
    open: number;
    units: number;
  }>`select (select count(*)::int from tasks) as tasks, (select count(*)::int from tasks where closed_at is null) as open, (select count(*)::int from project_units) as units`.execute(
    db,
  );
  const roots = await sql<{
    id: number;
  }>`select project_unit_id as id from project_units where state_key = 'Preparing' and parent_project_unit_id is null order by project_unit_id`.execute(
    db,
  );
  console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return roots.rows.map((r) => r.id);
}

function report(label: string, times: number[], seconds: number, failures: number, extra = '') {
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN).toFixed(1);
  console.log(
    `${label.padEnd(46)} n=${times.length}${extra}  p50 ${pct(50).padStart(6)} ms  p95 ${pct(95).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  ${(times.length / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}`,
  );
}

/** Open loop: request i leaves at start + i / rate, whatever the earlier answers do. */
async function atFixedRate(label: string, base: string, cookie: string, path: (i: number) => string) {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const interval = 1000 / rate;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      (async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}${path(i)}`, { headers: { cookie } });
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
          times.push(performance.now() - t0);
        } catch {
          failures++;
        }
      })(),
    );
  }
  await Promise.all(pending);
  report(label, times, (performance.now() - started) / 1000, failures, ` @${rate}/s`);
}

const { db, label } = await openBenchDatabase('bench_tasks');
await migrateToLatest(db);
const roots = await seed(db);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'false',
});
const app = await buildApp(config, { db, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const holder = await signInCookie(base, 'holder@bench.test', PASSWORD);
const planner = await signInCookie(base, 'planner@bench.test', PASSWORD);

// Warm-up (JIT, connection pool, plan cache) before anything is measured.
for (let i = 0; i < 50; i++)
  await (
    await fetch(`${base}/api/tasks?$top=20&$skip=${(i % 10) * 20}`, { headers: { cookie: holder } })
  ).arrayBuffer();
console.log(`\n${label}: 100,000 tasks, task list at a fixed rate of ${rate} req/s`);
await atFixedRate('GET /api/tasks page 1 (2,000 open tasks)', base, holder, () => '/api/tasks?$top=20');
await atFixedRate('GET /api/tasks pages 1–100', base, holder, (i) => `/api/tasks?$top=20&$skip=${(i % 100) * 20}`);

const times: number[] = [];
let failures = 0;
const started = performance.now();
for (const id of roots) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/data/portal/projectunitstates/${id}`, {
    method: 'PUT',
    headers: { cookie: planner, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ projectUnitID: id, stateKey: 'Preparing' }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) failures++;
  times.push(performance.now() - t0);
}
report('PUT projectunitstates (root + 9 lots, sequential)', times, (performance.now() - started) / 1000, failures);
await app.close();
await db.destroy();
