import { seedCatalogues } from '../seed/orders';
import { getTestDatabase } from './database';
import { addMember, createChildUnit, createProject, createWorld } from './factories';

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
