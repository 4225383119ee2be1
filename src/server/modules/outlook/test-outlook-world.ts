import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createChildUnit, createProject, createSalesOrg, createUser, createWorld } from '../../test/factories';

/**
 * Sunday 23:30 UTC is already Monday 00:30 in Berlin: the outlook starts with the week of
 * Monday 2026-12-07, so a volume on Sunday 2026-12-06 lies before it, and the 26th week is the
 * one of Monday 2027-05-31 (its Sunday 2027-06-06 counts, Monday 2027-06-07 does not).
 */
export const NOW = new Date('2026-12-06T23:30:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

/** The two rows an insert returned, in order. */
function pair<T>(rows: T[]): [T, T] {
  const [a, b] = rows;
  if (a === undefined || b === undefined) throw new Error('expected two rows');
  return [a, b];
}

async function seed(db: Database) {
  const world = await createWorld(db);
  const t = world.tenant.tenant_id;
  const soA = await createSalesOrg(db, t, { title: 'Nord' });
  const soB = await createSalesOrg(db, t, { title: 'Süd' });
  const [p1, p2] = pair(
    await db
      .insertInto('plants')
      .values([
        { tenant_id: t, name: 'Werk Eins', weekly_capacity: 80 },
        { tenant_id: t, name: 'Werk Zwei' },
      ])
      .returning(['plant_id'])
      .execute(),
  );
  const [t1, t2] = pair(
    await db
      .insertInto('product_types')
      .values([
        { tenant_id: t, title: 'Planblock' },
        { tenant_id: t, title: 'Element' },
      ])
      .returning(['product_type_id'])
      .execute(),
  );
  const userA = await createUser(db, t, { is_internal: true, sales_org_id: soA.sales_org_id });
  const userB = await createUser(db, t, { is_internal: true, sales_org_id: soB.sales_org_id });

  const lot = async (root: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number }) => {
    const sub = await createChildUnit(db, root, { project_unit_type: 'subproject', state_key: 'ProvideFiles' });
    return (materials: { type: string; volume: number; date: string | null }[], over = {}) =>
      createChildUnit(db, sub, { project_unit_type: 'approvallot', state_key: 'ProvideFiles', ...over }).then(
        async (u) => {
          for (const m of materials) {
            await db
              .insertInto('materials')
              .values({ project_unit_id: u.project_unit_id, type: m.type, volume: m.volume, delivery_date: m.date })
              .execute();
          }
          return u;
        },
      );
  };
  const deliveryLot = async (
    rootId: number,
    units: number[],
    requested: string,
    confirmed: string | null,
    title = 'LKW',
  ) => {
    const d = await db
      .insertInto('delivery_lots')
      .values({
        tenant_id: t,
        root_project_unit_id: rootId,
        title,
        requested_date: requested,
        confirmed_date: confirmed,
        delivery_type: 0,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('delivery_lot_id')
      .executeTakeFirstOrThrow();
    for (const id of units) {
      await db
        .insertInto('delivery_lot_units')
        .values({ delivery_lot_id: d.delivery_lot_id, project_unit_id: id })
        .execute();
    }
    return d.delivery_lot_id;
  };

  // X: Nord, Werk Eins, Planblock, AAC order placed.
  const x = await createProject(db, t, {
    title: 'Projekt X',
    sales_org_id: soA.sales_org_id,
    plant_id: p1.plant_id,
    product_type_id: t1.product_type_id,
    state_key: 'ProvideFiles',
    state_since: ago(40),
  });
  const xLot = await lot(x);
  const l1 = await xLot([{ type: 'aac', volume: 10, date: '2026-12-01' }]);
  const l2 = await xLot([{ type: 'aac', volume: 20, date: null }]);
  const l3 = await xLot([
    { type: 'aac', volume: 7, date: '2026-12-07' },
    { type: 'lintel', volume: 30, date: '2026-12-07' },
  ]);
  await xLot([{ type: 'aac', volume: 5, date: '2026-12-06' }]);
  const d1 = await deliveryLot(x.project_unit_id, [l1.project_unit_id], '2026-12-08', '2026-12-09', 'LKW 1');
  const d2 = await deliveryLot(x.project_unit_id, [l2.project_unit_id], '2026-12-10', null, 'LKW 2');
  const orderSub = await createChildUnit(db, x, {
    project_unit_type: 'subproject',
    project_unit_type_variant: 'aac_elements',
    state_key: 'ProvideFiles',
  });
  await createChildUnit(db, orderSub, { project_unit_type: 'aacorderlot', state_key: 'Finalized' });
  // Past deliveries: one on the requested day, one two days late.
  await deliveryLot(x.project_unit_id, [], '2026-11-20', '2026-11-20');
  await deliveryLot(x.project_unit_id, [], '2026-11-21', '2026-11-23');

  // Y: Nord, Werk Zwei, Element, no order.
  const y = await createProject(db, t, {
    title: 'Projekt Y',
    sales_org_id: soA.sales_org_id,
    plant_id: p2.plant_id,
    product_type_id: t2.product_type_id,
    state_key: 'Preparing',
    state_since: ago(10),
  });
  const yLot = await lot(y);
  const m1 = await yLot([{ type: 'aac', volume: 40, date: null }]);
  await deliveryLot(y.project_unit_id, [m1.project_unit_id], '2026-12-14', '2026-12-13', 'LKW Y');
  await yLot([{ type: 'aac', volume: 3, date: '2027-06-06' }]);
  await yLot([{ type: 'aac', volume: 4, date: '2027-06-07' }]);

  // Z: Süd, Werk Eins.
  const z = await createProject(db, t, {
    title: 'Projekt Z',
    sales_org_id: soB.sales_org_id,
    plant_id: p1.plant_id,
    product_type_id: t1.product_type_id,
    state_key: 'ProvideFiles',
    state_since: ago(60),
  });
  await (
    await lot(z)
  )([{ type: 'aac', volume: 50, date: '2026-12-08' }]);

  // Another tenant with the same kind of data.
  const other = await createWorld(db);
  const op = await db
    .insertInto('plants')
    .values({ tenant_id: other.tenant.tenant_id, name: 'Fremdwerk' })
    .returning('plant_id')
    .executeTakeFirstOrThrow();
  const o = await createProject(db, other.tenant.tenant_id, { plant_id: op.plant_id, state_key: 'ProvideFiles' });
  await (
    await lot(o)
  )([{ type: 'aac', volume: 99, date: '2026-12-08' }]);

  // Review rounds: 2, 4 and 10 days resolved within 90 days; one resolved 100 days ago.
  const rounds: [number, number][] = [
    [20, 18],
    [30, 26],
    [15, 5],
    [110, 100],
  ];
  for (const [opened, resolved] of rounds) {
    await db
      .insertInto('review_topics')
      .values({
        guid: randomUUID(),
        tenant_id: t,
        root_project_unit_id: x.project_unit_id,
        project_unit_id: l1.project_unit_id,
        title: 'Öffnung',
        status: 'resolved',
        created_at: ago(opened),
        resolved_at: ago(resolved),
      })
      .execute();
  }
  // Journal: l1 3 days in ProvideFiles then 5 in Review; l2 5 days in ProvideFiles; Z (Süd) 9.
  const journal = async (
    unit: { project_unit_id: number; root_project_unit_id: number | null },
    steps: [number, string | null, string][],
  ) => {
    for (const [days, oldState, newState] of steps) {
      await db
        .insertInto('project_unit_journal')
        .values({
          tenant_id: t,
          root_project_unit_id: unit.root_project_unit_id!,
          project_unit_id: unit.project_unit_id,
          created_at: ago(days),
          content_json: JSON.stringify({ oldState, newState }),
        })
        .execute();
    }
  };
  await journal(l1, [
    [20, null, 'ProvideFiles'],
    [17, 'ProvideFiles', 'Review'],
    // A file added during the review keeps the state: it neither ends nor starts a stay.
    [15, 'Review', 'Review'],
    [12, 'Review', 'Approved'],
  ]);
  await journal(l2, [
    [30, null, 'ProvideFiles'],
    [25, 'ProvideFiles', 'Review'],
  ]);
  await journal(z, [
    [40, null, 'ProvideFiles'],
    [31, 'ProvideFiles', 'Review'],
  ]);

  return { world, soA, soB, p1, p2, t1, t2, userA, userB, other, x, y, z, l1, l2, l3, d1, d2 };
}

/**
 * An app at {@link NOW} with the outlook's world (two plants, two sales organisations, projects,
 * approval and delivery lots, their journal) and its users signed in: `call(who, method, url)`,
 * and `get(who, path)` for a GET of `/api/data/portal/outlook/{path}`.
 */
export async function outlookWorld() {
  const db = await getTestDatabase();
  const app = await createTestApp({ clock: createManualClock(NOW) });
  const w = await seed(db);
  const { call } = await signInActors(app, {
    admin: w.world.admin,
    internal: w.world.internal,
    external: w.world.external,
    a: w.userA,
    b: w.userB,
    otherAdmin: w.other.admin,
  });
  const get = async (who: Parameters<typeof call>[0], path: string) => {
    const res = await call(who, 'GET', `/api/data/portal/outlook/${path}`);
    return { status: res.statusCode, body: res.json() };
  };
  return { app, w, call, get };
}

type OutlookWorld = Awaited<ReturnType<typeof outlookWorld>>;

/**
 * The outlook world for the tests of one file: built before them, its app closed after them.
 * `get` and `call` may be taken from it at once; `w` (the seeded rows) is there once the tests run.
 */
export function useOutlookWorld() {
  let built: OutlookWorld | undefined;
  const current = () => {
    if (!built) throw new Error('the outlook world is built in beforeAll, before the tests read it');
    return built;
  };
  beforeAll(async () => {
    built = await outlookWorld();
  });
  afterAll(async () => {
    await built?.app.close();
  });
  return {
    get w() {
      return current().w;
    },
    get: (...args: Parameters<OutlookWorld['get']>) => current().get(...args),
    call: (...args: Parameters<OutlookWorld['call']>) => current().call(...args),
  };
}

/** The rows as `plant|week|category → volume`, plant by name. */
export function volumeTable(
  w: { p1: { plant_id: number }; p2: { plant_id: number } },
  body: { rows: { plantId: number | null; weekStart: string; category: string; volume: number }[] },
) {
  const name = (id: number | null) => (id === w.p1.plant_id ? 'P1' : id === w.p2.plant_id ? 'P2' : String(id));
  return Object.fromEntries(body.rows.map((r) => [`${name(r.plantId)}|${r.weekStart}|${r.category}`, r.volume]));
}
