// The search page's list call (`projectunitssearch`) and the quick search under load, over HTTP.
//   npx tsx scripts/bench/search.ts [requests=1000] [concurrency=8]
// Seeds 10,000 projects / 100,000 units (site addresses, members, product-type assignments with
// order numbers; the search index filled by its triggers) into a fresh in-memory PGlite, or, with
// DATABASE_URL, into a fresh database `bench_search` on that PostgreSQL server.
// Budget (issue 18): p95 < 50 ms on PostgreSQL, < 100 ms on PGlite, 8 concurrent users.
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { hashPassword } from '../../src/server/platform/auth/password';
import type { Database } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { present } from '../../src/shared/present';
import { openBenchDatabase } from './lib/bench-database';
import { signInCookie } from './lib/sign-in';
import { cpuReference, describeCpuReference } from './lib/cpu-reference';

const total = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 8);
const PROJECTS = 10_000;
const UNITS_PER_PROJECT = 10; // root + 9 children → 100,000 units
const PASSWORD = 'Bench-Passw0rd';
const cities = ['Hannover', 'Celle', 'Braunschweig', 'Göttingen', 'Lüneburg', 'Osnabrück', 'Hildesheim', 'Oldenburg'];
const words = ['Ärztehaus', 'Bürogebäude', 'Mehrfamilienhaus', 'Kita', 'Sporthalle', 'Stadtvilla', 'Schule', 'Lager'];
const streets = ['Birkenweg', 'Lindenallee', 'Am Markt', 'Hafenkante', 'Eichenhain', 'Sonnenhang', 'Bahnhofstraße'];

async function seed(db: Database) {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const features = JSON.stringify({ AdvancedSearch: true });
  const [tenantRow, otherRow] = await db
    .insertInto('tenants')
    .values([
      { tenant_key: 'bench', name: 'Bench Tenant', features },
      { tenant_key: 'bench-other', name: 'Other Tenant', features },
    ])
    .returning('tenant_id')
    .execute();
  const tenant = present(tenantRow, 'bench tenant').tenant_id;
  const other = present(otherRow, 'other tenant').tenant_id;
  const user = (login: string, internal: boolean) =>
    db
      .insertInto('users')
      .values({ tenant_id: tenant, login, email: login, password_hash: hash, is_internal: internal })
      .returning('user_id')
      .executeTakeFirstOrThrow();
  await user('internal@bench.test', true);
  const external = await user('external@bench.test', false);
  const firstNames = sql.raw(`array['Anna','Jan','Maria','Lukas','Sophie','Felix','Lena','Paul']`);
  const lastNames = sql.raw(`array['Meyer','Schulze','Wagner','Becker','Hoffmann','Krüger','Vogt','Zimmermann']`);
  await sql`insert into users (tenant_id, login, email, password_hash, first_name, last_name)
    select ${tenant}, 'member' || g || '@bench.test', 'member' || g || '@bench.test', null,
           (${firstNames})[1 + g % 8], (${lastNames})[1 + (g / 8) % 8] || g
    from generate_series(1, 1000) g`.execute(db);
  const plant = await db
    .insertInto('plants')
    .values({ tenant_id: tenant, name: 'Werk Hannover-Misburg' })
    .returning('plant_id')
    .executeTakeFirstOrThrow();
  const productType = await db
    .insertInto('product_types')
    .values({ tenant_id: tenant, title: 'Porenbeton-Planelemente' })
    .returning('product_type_id')
    .executeTakeFirstOrThrow();

  const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
  const roots = Math.round(PROJECTS * 0.9);
  await sql`
    insert into project_units (tenant_id, project_unit_type, project_unit_no, title, state_key)
    select case when g <= ${roots} then ${tenant}::int else ${other}::int end, 'project', '2026-' || lpad(g::text, 5, '0'),
           (${arr(words)})[1 + g % 8] || ' ' || (${arr(streets)})[1 + (g / 8) % 7] || ' ' || g, 'ProvideFiles'
    from generate_series(1, ${PROJECTS}) g`.execute(db);
  await sql`update project_units set root_project_unit_id = project_unit_id where parent_project_unit_id is null`.execute(
    db,
  );
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_no, title, state_key)
    select r.tenant_id, r.project_unit_id, r.project_unit_id, case when k % 3 = 0 then 'folder' else 'subproject' end,
           r.project_unit_no || '-' || lpad(k::text, 2, '0'), 'Haus ' || k, 'ProvideFiles'
    from project_units r cross join generate_series(1, ${UNITS_PER_PROJECT - 1}) k
    where r.parent_project_unit_id is null`.execute(db);
  // Site addresses of every root, linked (the trigger adds street and city to the index).
  await sql`
    insert into addresses (tenant_id, project_unit_id, name, street1, zip, city)
    select r.tenant_id, r.project_unit_id, 'Baustelle', (${arr(streets)})[1 + r.project_unit_id % 7] || ' ' || (r.project_unit_id % 90),
           lpad((30000 + r.project_unit_id % 9000)::text, 5, '0'), (${arr(cities)})[1 + r.project_unit_id % 8]
    from project_units r where r.parent_project_unit_id is null`.execute(db);
  await sql`update project_units u set site_address_id = a.address_id from addresses a where a.project_unit_id = u.project_unit_id`.execute(
    db,
  );
  await sql`
    insert into project_unit_product_type_assignments (project_unit_id, product_type_id, plant_id, order_number)
    select project_unit_id, ${productType.product_type_id}, ${plant.plant_id}, (4500000000 + project_unit_id)::text
    from project_units where parent_project_unit_id is null and tenant_id = ${tenant}`.execute(db);
  const first = await sql<{ id: number }>`select min(user_id)::int as id from users where login like 'member%'`.execute(
    db,
  );
  await sql`
    insert into members (root_project_unit_id, user_id, role_keys)
    select distinct on (r.project_unit_id, m) r.project_unit_id, m, array['member']
    from project_units r cross join generate_series(0, 2) s
    cross join lateral (select ${present(first.rows[0], 'first member').id}::int + ((r.project_unit_id * 7 + s * 331) % 1000) as m) x
    where r.parent_project_unit_id is null and r.tenant_id = ${tenant}
    on conflict do nothing`.execute(db);
  // The external user is a member of every 50th project of the tenant.
  await sql`insert into members (root_project_unit_id, user_id, role_keys) select project_unit_id, ${external.user_id}, array['reviewer'] from project_units where parent_project_unit_id is null and tenant_id = ${tenant} and project_unit_id % 50 = 0`.execute(
    db,
  );
  await sql`vacuum analyze`.execute(db);
  // The seed's pages are written out now: a checkpoint during the measurement would share the
  // machine with it, which a database in use does not do for a bulk insert it never sees.
  await sql`checkpoint`.execute(db);
  const counts =
    await sql`select (select count(*)::int from project_units) as units, (select count(*)::int from project_unit_search) as indexed`.execute(
      db,
    );
  console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(label: string, base: string, cookie: string, path: (i: number) => string) {
  // Warm-up, not measured: each line's requests for two seconds at the line's concurrency, so JIT,
  // pool, plans and the database's cache of the pages this line reads are where a running
  // instance has them (the first line otherwise pays for the freshly seeded cache).
  const warmUntil = performance.now() + 2000;
  let w = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < warmUntil)
        await (await fetch(`${base}${path(w++)}`, { headers: { cookie } })).arrayBuffer();
    }),
  );
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
    `${label.padEnd(48)} n=${total} c=${concurrency}  p50 ${pct(50).padStart(6)} ms  p95 ${pct(95).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  ${(total / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}`,
  );
}

const { db, label, reused } = await openBenchDatabase('bench_search');
await migrateToLatest(db);
if (reused) await sql`analyze`.execute(db);
else await seed(db);
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
console.log(describeCpuReference(cpuReference()));
const search = (term: string, page = 0) =>
  `/api/data/portal/projectunitssearch?search=${encodeURIComponent(term)}&$top=20&$skip=${page * 20}&$count=true`;
const terms = ['Arztehaus', 'Buerogebaeude', 'Birkenwg', '0042-03', 'Lüneburg', 'Zimmermann', 'Kita Hafenkante'];
await measure('search, internal, mixed terms (7)', base, internal, (i) =>
  search(present(terms[i % terms.length], 't')),
);
await measure('search, internal, number prefix 2026-0123', base, internal, () => search('2026-0123'));
await measure('search, internal, typo Birkenwg, pages 1–5', base, internal, (i) => search('Birkenwg', i % 5));
await measure('search, internal, order number', base, internal, (i) => search(String(4500000000 + 1 + (i % 9000))));
await measure('search, external member, mixed terms', base, external, (i) =>
  search(present(terms[i % terms.length], 't')),
);
await measure(
  'quick search, internal, mixed terms',
  base,
  internal,
  (i) => `/api/data/portal/quicksearch?q=${encodeURIComponent(present(terms[i % terms.length], 't'))}`,
);
await app.close();
await db.destroy();
