// The outlook's chart queries at 10,000 projects / 100,000 units.
//   npx tsx scripts/bench/outlook.ts [runs=60]
// Seeds a fresh in-memory PGlite, or, with DATABASE_URL, a fresh database `bench_outlook` on that
// PostgreSQL server. Prints p50/p95 per query, for an admin (all sales organisations) and for an
// internal user of one sales organisation.
import { sql } from 'kysely';
import type { Database } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import * as repo from '../../src/server/modules/outlook/repository';
import { berlinToday, mondayOf } from '../../src/server/modules/outlook/service';
import { openBenchDatabase } from './lib/bench-database';

const runs = Number(process.argv[2] ?? 60);
const PROJECTS = 10_000;

async function seed(db: Database): Promise<number> {
  const started = performance.now();
  const tenant = await db
    .insertInto('tenants')
    .values({ tenant_key: 'bench', name: 'Bench', features: JSON.stringify({}) })
    .returning('tenant_id')
    .executeTakeFirstOrThrow();
  const t = tenant.tenant_id;
  await sql`insert into sales_orgs (tenant_id, sales_org_key, title, additional_info)
    select ${t}, 'SO' || g, 'Vertrieb ' || g, '{}'::jsonb from generate_series(1, 4) g`.execute(db);
  await sql`insert into plants (tenant_id, name, weekly_capacity) select ${t}, 'Werk ' || g, 900 from generate_series(1, 2) g`.execute(
    db,
  );
  await sql`insert into product_types (tenant_id, title) select ${t}, 'Typ ' || g from generate_series(1, 2) g`.execute(
    db,
  );
  const states = ['Structuring', 'Preparing', 'ProvideFiles', 'ProvideFiles', 'ProvideFiles', 'Closed'];
  const stateArray = sql.raw(`array[${states.map((s) => `'${s}'`).join(',')}]`);
  // Roots: sales organisation, plant and product type spread evenly.
  await sql`
    insert into project_units (tenant_id, sales_org_id, plant_id, product_type_id, project_unit_type, project_unit_no, title, state_key, state_since)
    select ${t},
      (select min(sales_org_id) from sales_orgs where tenant_id = ${t}) + g % 4,
      (select min(plant_id) from plants where tenant_id = ${t}) + g % 2,
      (select min(product_type_id) from product_types where tenant_id = ${t}) + (g / 2) % 2,
      'project', 'B-' || lpad(g::text, 6, '0'), 'Bauvorhaben ' || g, (${stateArray})[1 + g % 6], now() - (g * interval '37 minutes')
    from generate_series(1, ${PROJECTS}) g`.execute(db);
  await sql`update project_units set root_project_unit_id = project_unit_id where parent_project_unit_id is null`.execute(
    db,
  );
  // Per root: a subproject with 6 approval lots, an element subproject with its order lot (10 units).
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_type_variant, project_unit_no, title, state_key)
    select r.tenant_id, r.project_unit_id, r.project_unit_id, 'subproject', v, r.project_unit_no || '-' || k, 'Teil ' || k, 'ProvideFiles'
    from project_units r cross join (values (1, null), (2, 'aac_elements')) s(k, v)
    where r.parent_project_unit_id is null`.execute(db);
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_no, title, state_key)
    select s.tenant_id, s.root_project_unit_id, s.project_unit_id, 'approvallot', s.project_unit_no || '.' || k, 'Los ' || k, 'ProvideFiles'
    from project_units s cross join generate_series(1, 6) k
    where s.project_unit_type = 'subproject' and s.project_unit_type_variant is null`.execute(db);
  await sql`
    insert into project_units (tenant_id, root_project_unit_id, parent_project_unit_id, project_unit_type, project_unit_no, title, state_key)
    select s.tenant_id, s.root_project_unit_id, s.project_unit_id, 'aacorderlot', s.project_unit_no || '.1', 'Bestellung',
      case when s.root_project_unit_id % 3 = 0 then 'Finalized' else 'PlaceOrder' end
    from project_units s where s.project_unit_type_variant = 'aac_elements'`.execute(db);
  // Materials: AAC and lintels with delivery dates from two months ago to eight months ahead.
  await sql`
    insert into materials (project_unit_id, type, volume, delivery_date)
    select u.project_unit_id, m, 5 + u.project_unit_id % 40, current_date + ((u.project_unit_id * 7) % 310 - 60)
    from project_units u cross join (values ('aac'), ('lintel')) x(m)
    where u.project_unit_type = 'approvallot'`.execute(db);
  // Two delivery lots per project, each with two approval lots; half of them confirmed.
  await sql`
    insert into delivery_lots (tenant_id, root_project_unit_id, title, requested_date, confirmed_date, delivery_type, created_at, updated_at)
    select r.tenant_id, r.project_unit_id, 'LKW ' || k, current_date + ((r.project_unit_id * 11 + k * 20) % 250 - 60),
      case when (r.project_unit_id + k) % 2 = 0 then current_date + ((r.project_unit_id * 11 + k * 20) % 250 - 60) + (r.project_unit_id % 3) end, 0, now(), now()
    from project_units r cross join generate_series(1, 2) k where r.parent_project_unit_id is null`.execute(db);
  await sql`
    insert into delivery_lot_units (delivery_lot_id, project_unit_id)
    select d.delivery_lot_id, u.project_unit_id
    from delivery_lots d join lateral (
      select project_unit_id from project_units u where u.root_project_unit_id = d.root_project_unit_id
        and u.project_unit_type = 'approvallot' order by project_unit_id
        offset (case when d.title = 'LKW 1' then 0 else 2 end) limit 2) u on true`.execute(db);
  // Journal: three state changes per approval lot within the last 120 days; two review topics per project.
  await sql`
    insert into project_unit_journal (tenant_id, root_project_unit_id, project_unit_id, created_at, content_json)
    select u.tenant_id, u.root_project_unit_id, u.project_unit_id,
      now() - ((u.project_unit_id % 120) * interval '1 day') + (k * interval '3 days'),
      jsonb_build_object('oldState', (array[null, 'ProvideFiles', 'ReviewDrawings'])[k], 'newState', (array['ProvideFiles', 'ReviewDrawings', 'Approved'])[k])
    from project_units u cross join generate_series(1, 3) k where u.project_unit_type = 'approvallot'`.execute(db);
  await sql`
    insert into review_topics (guid, tenant_id, root_project_unit_id, project_unit_id, title, status, created_at, resolved_at)
    select gen_random_uuid()::text, r.tenant_id, r.project_unit_id, r.project_unit_id, 'Anmerkung ' || k, 'resolved',
      now() - ((r.project_unit_id % 150) * interval '1 day'), now() - ((r.project_unit_id % 150) * interval '1 day') + (k * interval '2 days')
    from project_units r cross join generate_series(1, 2) k where r.parent_project_unit_id is null`.execute(db);
  await sql`analyze`.execute(db);
  const units = await sql<{ n: number }>`select count(*)::int as n from project_units`.execute(db);
  console.log(
    `seeded ${PROJECTS} projects, ${units.rows[0]?.n} units in ${Math.round(performance.now() - started)} ms`,
  );
  return t;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );
}

const { db, label, reused } = await openBenchDatabase('bench_outlook');
console.log(label);
await migrateToLatest(db);
const tenantId = reused
  ? (await db.selectFrom('tenants').select('tenant_id').where('tenant_key', '=', 'bench').executeTakeFirstOrThrow())
      .tenant_id
  : await seed(db);
const orgs = await db.selectFrom('sales_orgs').select('sales_org_id').where('tenant_id', '=', tenantId).execute();
const plants = await db.selectFrom('plants').select('plant_id').where('tenant_id', '=', tenantId).execute();
const from = mondayOf(berlinToday(new Date()));
const to = repo.addDays(from, 26 * 7);
const since = new Date(Date.now() - 90 * 86_400_000);
const today = berlinToday(new Date());
const scopes: [string, repo.OutlookScope][] = [
  ['admin', { tenantId, salesOrgIds: null }],
  ['one sales org', { tenantId, salesOrgIds: [orgs[0]!.sales_org_id] }],
];
for (const [who, scope] of scopes) {
  const volumes = await repo.weeklyVolumes(db, scope, 'aac', from, to);
  console.log(`${who}: ${volumes.length} volume rows, ${volumes.reduce((s, r) => s + r.volume, 0)} m³`);
  await measure(`${who}: volumes AAC`, () => repo.weeklyVolumes(db, scope, 'aac', from, to));
  await measure(`${who}: volumes lintel`, () => repo.weeklyVolumes(db, scope, 'lintel', from, to));
  await measure(`${who}: volumes AAC, one plant`, () =>
    repo.weeklyVolumes(db, { ...scope, plantId: plants[0]!.plant_id }, 'aac', from, to),
  );
  await measure(`${who}: column entries`, () =>
    repo.weekEntries(db, scope, 'aac', repo.addDays(from, 14), plants[0]!.plant_id, undefined, 500),
  );
  await measure(`${who}: review round median`, () => repo.reviewRoundMedian(db, scope, since));
  await measure(`${who}: state medians`, () => repo.stateMedians(db, scope, since));
  await measure(`${who}: on-time share`, () => repo.onTimeShare(db, scope, repo.addDays(today, -90), today));
  await measure(`${who}: longest waiting`, () => repo.longestWaiting(db, scope, 5));
}
await db.destroy();
