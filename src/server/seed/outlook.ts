import type { Database } from '../platform/db/database';
import type { ProjectUnitType, StateKey } from '../../shared/schemas/project-unit';

function isoDay(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

/**
 * The outlook's demo: weekly capacities on the AAC tenant's first two plants (each exceeded in
 * one of the coming weeks by the demo's lots), and a project on the second plant whose AAC order
 * is placed, with one confirmed and one unconfirmed delivery lot and a dated approval lot not yet
 * lotted, so every category of the chart shows on first start.
 */
export async function seedDemoOutlook(db: Database): Promise<void> {
  const model = await db
    .selectFrom('project_units')
    .select(['tenant_id', 'sales_org_id', 'product_type_id'])
    .where('title', '=', 'Bürogebäude Hafenkante')
    .where('parent_project_unit_id', 'is', null)
    .executeTakeFirst();
  if (!model) return;
  const plants = await db
    .selectFrom('plants')
    .select('plant_id')
    .where('tenant_id', '=', model.tenant_id)
    .orderBy('plant_id')
    .execute();
  const [first, second] = plants;
  if (!first || !second) return;
  await db.updateTable('plants').set({ weekly_capacity: 250 }).where('plant_id', '=', first.plant_id).execute();
  await db.updateTable('plants').set({ weekly_capacity: 150 }).where('plant_id', '=', second.plant_id).execute();

  const base = {
    tenant_id: model.tenant_id,
    sales_org_id: model.sales_org_id,
    plant_id: second.plant_id,
    product_type_id: model.product_type_id,
  };
  const root = await db
    .insertInto('project_units')
    .values({
      ...base,
      project_unit_type: 'project',
      project_unit_no: `${new Date().getUTCFullYear()}-0900`,
      title: 'Logistikhalle Ostpark',
      state_key: 'ProvideFiles',
      state_since: new Date(Date.now() - 21 * 86_400_000),
    })
    .returning('project_unit_id')
    .executeTakeFirstOrThrow();
  const rootId = root.project_unit_id;
  await db
    .updateTable('project_units')
    .set({ root_project_unit_id: rootId })
    .where('project_unit_id', '=', rootId)
    .execute();
  const child = (
    parent: number,
    type: ProjectUnitType,
    no: string,
    title: string,
    state: StateKey,
    variant: string | null = null,
  ) =>
    db
      .insertInto('project_units')
      .values({
        ...base,
        root_project_unit_id: rootId,
        parent_project_unit_id: parent,
        project_unit_type: type,
        project_unit_type_variant: variant,
        project_unit_no: no,
        title,
        state_key: state,
      })
      .returning('project_unit_id')
      .executeTakeFirstOrThrow()
      .then((r) => r.project_unit_id);
  // Approval lots are delivered no earlier than their plant's lead time allows.
  const preliminary = await db
    .selectFrom('product_plant_preliminary_days')
    .select('preliminary_days')
    .where('plant_id', '=', second.plant_id)
    .where('product_type_id', '=', model.product_type_id ?? 0)
    .executeTakeFirst();
  const lead = preliminary?.preliminary_days ?? 14;
  const hall = await child(rootId, 'subproject', '01', 'Halle', 'ProvideFiles');
  const lots = [
    { title: 'Achsen 1–4', volume: 60, inDays: lead },
    { title: 'Achsen 5–8', volume: 55, inDays: lead + 14 },
    { title: 'Achsen 9–12', volume: 48, inDays: lead + 28 },
  ];
  const ids: number[] = [];
  for (const [i, lot] of lots.entries()) {
    const id = await child(hall, 'approvallot', `01.0${i + 1}`, lot.title, 'ProvideFiles');
    await db
      .updateTable('project_units')
      .set({ earliest_delivery_date: isoDay(lead) })
      .where('project_unit_id', '=', id)
      .execute();
    ids.push(id);
    await db
      .insertInto('materials')
      .values([
        { project_unit_id: id, type: 'aac', volume: lot.volume, delivery_date: isoDay(lot.inDays) },
        { project_unit_id: id, type: 'lintel', volume: 12 + i * 4, delivery_date: isoDay(lot.inDays) },
      ])
      .execute();
  }
  const elements = await child(rootId, 'subproject', '02', 'Elemente', 'ProvideFiles', 'aac_elements');
  await child(elements, 'aacorderlot', '02.01', 'Bestellung Halle', 'Finalized');
  const delivery = [
    { title: 'Lieferung Achsen 1–4', unit: ids[0], requested: lead, confirmed: lead + 1 },
    { title: 'Lieferung Achsen 5–8', unit: ids[1], requested: lead + 14, confirmed: null },
  ];
  for (const d of delivery) {
    if (d.unit === undefined) continue;
    const lot = await db
      .insertInto('delivery_lots')
      .values({
        tenant_id: model.tenant_id,
        root_project_unit_id: rootId,
        title: d.title,
        requested_date: isoDay(d.requested),
        confirmed_date: d.confirmed === null ? null : isoDay(d.confirmed),
        delivery_type: 0,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('delivery_lot_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('delivery_lot_units')
      .values({ delivery_lot_id: lot.delivery_lot_id, project_unit_id: d.unit })
      .execute();
  }
}
