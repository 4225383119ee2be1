// Project list and details endpoints under load, over HTTP on a real port.
//   npx tsx scripts/bench/lists.ts [requests=2000] [concurrency=8]
// Seeds 10,000 projects / 100,000 units into a fresh in-memory PGlite, or, with DATABASE_URL,
// into a fresh database `bench_lists` on that PostgreSQL server.
// Prints p50/p95/p99 latency and requests per second per endpoint and user.
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { hashPassword } from '../../src/server/platform/auth/password';
import type { Database } from '../../src/server/platform/db/database';
import { openBenchDatabase } from './lib/bench-database';
import { signInCookie } from './lib/sign-in';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { projectListQuery } from '../../src/server/modules/project-lists/repository';
import { present } from '../../src/shared/present';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 8);
const PROJECTS = 10_000;
const UNITS_PER_PROJECT = 10; // root + 9 children → 100,000 units
const PASSWORD = 'Bench-Passw0rd';

async function seed(db: Database) {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const [tenantRow, otherRow] = await db
    .insertInto('tenants')
    .values([
      { tenant_key: 'bench', name: 'Bench Tenant', features: JSON.stringify({}) },
      { tenant_key: 'bench-other', name: 'Other Tenant', features: JSON.stringify({}) },
    ])
    .returning('tenant_id')
    .execute();
  const tenant = present(tenantRow, 'bench tenant');
  const other = present(otherRow, 'other tenant');
  const user = (login: string, tenantId: number, internal: boolean) =>
    db
      .insertInto('users')
      .values({ tenant_id: tenantId, login, email: login, password_hash: hash, is_internal: internal })
      .returning('user_id')
      .executeTakeFirstOrThrow();
  const internal = await user('internal@bench.test', tenant.tenant_id, true);
  const external = await user('external@bench.test', tenant.tenant_id, false);
  // 1,000 more external users, so the members table has realistic size (3 members per project).
  await sql`insert into users (tenant_id, login, email, password_hash) select ${tenant.tenant_id}, 'member' || g || '@bench.test', 'member' || g || '@bench.test', null from generate_series(1, 1000) g`.execute(
    db,
  );

  const states = [
    'Structuring',
    'Preparing',
    'PendingValidation',
    'PendingContract',
    'ProvideFiles',
    'ProvideFiles',
    'ProvideFiles',
    'Finalized',
    'Closed',
    'Archived',
  ];
  const stateArray = sql.raw(`array[${states.map((s) => `'${s}'`).join(',')}]`);
  const roots = Math.round(PROJECTS * 0.9);
  await sql`
    insert into project_units (tenant_id, project_unit_type, project_unit_no, title, state_key, state_since)
    select case when g <= ${roots} then ${tenant.tenant_id}::int else ${other.tenant_id}::int end, 'project', 'B-' || lpad(g::text, 6, '0'),
           'Bauvorhaben ' || g, (${stateArray})[1 + (g % 10)], now() - (g * interval '37 minutes')
    from generate_series(1, ${PROJECTS}) g`.execute(db);
  await sql`update project_units set root_project_unit_id = project_unit_id where parent_project_unit_id is null`.execute(
    db,
  );
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_no, title, state_key, state_since)
    select r.tenant_id, r.project_unit_id, r.project_unit_id, case when k % 3 = 0 then 'folder' else 'subproject' end,
           r.project_unit_no || '-' || k, 'Einheit ' || k, 'ProvideFiles', r.state_since
    from project_units r cross join generate_series(1, ${UNITS_PER_PROJECT - 1}) k
    where r.parent_project_unit_id is null`.execute(db);
  const first = await sql<{ id: number }>`select min(user_id)::int as id from users where login like 'member%'`.execute(
    db,
  );
  await sql`
    insert into members (root_project_unit_id, user_id, role_keys)
    select distinct on (r.project_unit_id, m) r.project_unit_id, m, array['member']
    from project_units r cross join generate_series(0, 2) s
    cross join lateral (select ${present(first.rows[0], 'first member').id}::int + ((r.project_unit_id * 7 + s * 331) % 1000) as m) x
    where r.parent_project_unit_id is null
    on conflict do nothing`.execute(db);
  // The external user is a member of every 50th project of the tenant.
  await sql`insert into members (root_project_unit_id, user_id, role_keys) select project_unit_id, ${external.user_id}, array['reviewer'] from project_units where parent_project_unit_id is null and tenant_id = ${tenant.tenant_id} and project_unit_id % 50 = 0`.execute(
    db,
  );
  // A running database is vacuumed by autovacuum; the fresh one is vacuumed once so plans match.
  await sql`vacuum analyze`.execute(db);
  // The seed's pages are written out now: a checkpoint during the measurement would share the
  // machine with it, which a database in use does not do for a bulk insert it never sees.
  await sql`checkpoint`.execute(db);
  const counts = await sql<{
    units: number;
    roots: number;
    members: number;
  }>`select (select count(*)::int from project_units) as units, (select count(*)::int from project_units where parent_project_unit_id is null) as roots, (select count(*)::int from members) as members`.execute(
    db,
  );
  const sample = await sql<{
    id: number;
  }>`select project_unit_id as id from project_units where tenant_id = ${tenant.tenant_id} order by random() limit 500`.execute(
    db,
  );
  console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { internalId: internal.user_id, unitIds: sample.rows.map((r) => r.id) };
}

/** BENCH_EXPLAIN=1: prints the plans of the list queries before measuring. */
async function explain(db: Database) {
  const users = await db
    .selectFrom('users')
    .select(['user_id', 'tenant_id', 'is_internal'])
    .where('login', 'in', ['internal@bench.test', 'external@bench.test'])
    .execute();
  for (const u of users) {
    const user = { userId: u.user_id, tenantId: u.tenant_id, isInternal: u.is_internal, isAdmin: false } as Parameters<
      typeof projectListQuery
    >[1];
    const base = projectListQuery(db, user, 'current');
    const page = base
      .orderBy(sql`u.state_since desc, u.project_unit_id desc`)
      .limit(20)
      .compile();
    const count = base
      .clearSelect()
      .select(sql`count(*)::int`.as('c'))
      .compile();
    for (const q of [page, count]) {
      const plan = await sql
        .raw(
          `explain analyze ${q.sql.replace(/\$(\d+)/g, (_m, n) => {
            const v = q.parameters[Number(n) - 1];
            return typeof v === 'string' ? `'${v}'` : String(v);
          })}`,
        )
        .execute(db);
      console.log(
        `-- ${u.is_internal ? 'internal' : 'external'}\n${(plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  }
}

async function measure(label: string, base: string, cookie: string, path: (i: number) => string) {
  // Warm-up (JIT, connection pool, plan cache), not measured.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}${path(i)}`, { headers: { cookie } })).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const res = await fetch(`${base}${path(i)}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN).toFixed(1);
  console.log(
    `${label.padEnd(44)} n=${total} c=${concurrency}  p50 ${pct(50).padStart(6)} ms  p95 ${pct(95).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  ${(total / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}`,
  );
}

const { db, label } = await openBenchDatabase('bench_lists');
await migrateToLatest(db);
const { unitIds } = await seed(db);
if (process.env.BENCH_EXPLAIN) await explain(db);
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
const internal = await signInCookie(base, 'internal@bench.test', PASSWORD);
const external = await signInCookie(base, 'external@bench.test', PASSWORD);

console.log(`\n${label}: 10,000 projects / 100,000 units, ${total} requests per line, ${concurrency} concurrent`);
const list = (page: number) =>
  `/api/data/portal/projectlist/current?$orderby=stateSince%20desc&$top=20&$skip=${page * 20}&$count=true`;
await measure('current list, internal, page 1', base, internal, () => list(0));
await measure('current list, internal, pages 1–50', base, internal, (i) => list(i % 50));
await measure('current list, external member, page 1', base, external, () => list(0));
await measure(
  "current list, internal, contains(title,'77')",
  base,
  internal,
  () => `${list(0)}&$filter=${encodeURIComponent("contains(title,'77')")}`,
);
await measure(
  'closed list, internal, page 1',
  base,
  internal,
  () => `/api/data/portal/projectlist/closed?$top=20&$count=true`,
);
await measure(
  'details GET projects/{id}, internal',
  base,
  internal,
  (i) => `/api/data/portal/projects/${unitIds[i % unitIds.length]}`,
);
await app.close();
await db.destroy();
