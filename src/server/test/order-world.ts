import type { Insertable } from 'kysely';
import type { Language } from '../../shared/schemas/common';
import { openTasksForUnit } from '../modules/workflow/engine';
import { loadDefinition } from '../modules/workflow/service';
import type { Database } from '../platform/db/database';
import type { ProjectUnitsTable } from '../platform/db/schema';
import { seedCatalogues } from '../seed/orders';
import type { Call } from './actors';
import { getTestDatabase } from './database';
import { addMember, createChildUnit, createProject, createUser, createWorld } from './factories';

/** A tenant with the Celona catalogues, an order lot of each kind in PlaceOrder, and a task holder. */
export async function orderWorld() {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  await seedCatalogues(db, world.tenant.tenant_id, 'celona');
  const root = await createProject(db, world.tenant.tenant_id);
  const aacLot = await createChildUnit(db, root, {
    project_unit_type: 'aacorderlot',
    project_unit_type_variant: 'aac_elements',
    state_key: 'PlaceOrder',
  });
  const lintelLot = await createChildUnit(db, root, {
    project_unit_type: 'lintelorderlot',
    project_unit_type_variant: 'lintel',
    state_key: 'PlaceOrder',
  });
  await addMember(db, root.project_unit_id, world.external.user_id, ['customer']);
  for (const lot of [aacLot, lintelLot]) {
    await db
      .insertInto('tasks')
      .values({
        tenant_id: world.tenant.tenant_id,
        root_project_unit_id: root.project_unit_id,
        project_unit_id: lot.project_unit_id,
        user_id: world.external.user_id,
        task_key: 'PlaceOrder',
        state_key: 'PlaceOrder',
      })
      .execute();
  }
  const aacProducts = await db
    .selectFrom('aac_products')
    .selectAll()
    .where('tenant_id', '=', world.tenant.tenant_id)
    .execute();
  const lintelProducts = await db
    .selectFrom('lintel_products')
    .selectAll()
    .where('tenant_id', '=', world.tenant.tenant_id)
    .execute();
  const article = (no: string) => aacProducts.find((p) => p.article_no === no)!.aac_product_id;
  const item = (no: string) => lintelProducts.find((p) => p.item_no === no)!.lintel_product_id;
  return { db, ...world, root, aacLot, lintelLot, article, item };
}

/**
 * A tenant with the journal on and a project in ProvideFiles, whose customer (its purchaser too)
 * and internal project coordinator read the given languages.
 */
export async function orderingProject(languages: { customer: Language; coordinator: Language }) {
  const db = await getTestDatabase();
  const w = await createWorld(db, { HasJournal: true });
  const t = w.tenant.tenant_id;
  const customer = await createUser(db, t, { language: languages.customer });
  const coordinator = await createUser(db, t, { is_internal: true, language: languages.coordinator });
  const root = await createProject(db, t, { state_key: 'ProvideFiles' });
  await addMember(db, root.project_unit_id, customer.user_id, ['customer', 'purchaser']);
  await addMember(db, root.project_unit_id, coordinator.user_id, ['projectCoordinator']);
  return { db, w, t, customer, coordinator, root };
}

/** An order lot right under the project, in PlaceOrder, with the tasks the workflow opens there. */
export async function openOrderLot(
  db: Database,
  root: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number },
  values: Partial<Insertable<ProjectUnitsTable>> & { project_unit_type: 'aacorderlot' | 'lintelorderlot' },
) {
  const lot = await createChildUnit(db, root, { ...values, state_key: 'PlaceOrder' });
  await openTasksForUnit(
    db,
    await loadDefinition(db, root.tenant_id),
    { ...lot, root_project_unit_id: root.project_unit_id },
    'PlaceOrder',
    new Date(),
  );
  return lot;
}

/** The body of an AAC order item: one piece of 2.5 m, in no sublot or floor unless overridden. */
export const aacOrderItem = (
  lotId: number,
  productNo: number | undefined,
  overrides: Record<string, unknown> = {},
) => ({
  projectUnitID: lotId,
  sublotName: null,
  floorName: null,
  productNo,
  itemLength: 2.5,
  qty: 1,
  ...overrides,
});

/** `who` places the order of a lot: its PlaceOrder transition. */
export const placeOrder = <K extends string>(call: Call<K>, who: K, lotId: number) =>
  call(who, 'PUT', `/api/data/portal/projectunitstates/${lotId}`, { projectUnitID: lotId, stateKey: 'PlaceOrder' });
