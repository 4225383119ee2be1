import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../platform/db/database';
import { generateModelTree } from '../platform/ifc/model-tree';

const fixtures = path.join(import.meta.dirname, 'fixtures');

function isoDay(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

/**
 * Demo delivery lots on the project that carries the FZK-Haus model: one already delivered, one
 * fixed, one on call whose confirmed date differs from the requested one, and one planned; their
 * walls come from the model's storeys (ground-floor outer walls, then inner walls, the roof storey last).
 */
export async function seedDemoDeliveries(db: Database): Promise<void> {
  const root = await db
    .selectFrom('project_units')
    .select(['project_unit_id', 'tenant_id'])
    .where('title', '=', 'Bürogebäude Hafenkante')
    .where('parent_project_unit_id', 'is', null)
    .executeTakeFirst();
  if (!root) return;
  const lots = await db
    .selectFrom('project_units')
    .select(['project_unit_id', 'title'])
    .where('root_project_unit_id', '=', root.project_unit_id)
    .where('project_unit_type', '=', 'approvallot')
    .execute();
  const lotId = (title: string) => lots.find((l) => l.title === title)?.project_unit_id;
  const first = lotId('1. OG');
  const second = lotId('2. OG');
  if (first === undefined || second === undefined) return;
  const model = path.join(fixtures, 'AC20-FZK-Haus.ifc');
  const tree = await generateModelTree(model, fs.statSync(model).size, 'AC20-FZK-Haus.ifc');
  const walls = (floor: number) =>
    (tree.children[floor]?.children ?? []).map((w) => ({ globalId: w.globalid ?? '', name: w.name }));
  const ground = walls(0);
  const roof = walls(1);
  // The FZK-Haus names its walls Wand-Ext-… (outer) and Wand-Int-… (inner).
  const outer = ground.filter((w) => /-Ext-/.test(w.name));
  const inner = ground.filter((w) => !/-Ext-/.test(w.name));
  const now = new Date();
  const plan: {
    title: string;
    requested: number;
    confirmed: number | null;
    type: 0 | 1 | 2;
    units: number[];
    walls: { globalId: string; name: string }[];
  }[] = [
    { title: 'Lieferung Bodenplatte', requested: -12, confirmed: -12, type: 0, units: [first], walls: [] },
    {
      title: 'Lieferung 1 – EG Außenwände',
      requested: 16,
      confirmed: 16,
      type: 0,
      units: [first],
      walls: outer,
    },
    {
      title: 'Lieferung 2 – EG Innenwände',
      requested: 23,
      confirmed: 25,
      type: 1,
      units: [first],
      walls: inner,
    },
    {
      title: 'Lieferung 3 – Dachgeschoss',
      requested: 37,
      confirmed: null,
      type: 2,
      units: [first, second],
      walls: roof,
    },
  ];
  for (const p of plan) {
    const row = await db
      .insertInto('delivery_lots')
      .values({
        tenant_id: root.tenant_id,
        root_project_unit_id: root.project_unit_id,
        title: p.title,
        requested_date: isoDay(p.requested),
        confirmed_date: p.confirmed === null ? null : isoDay(p.confirmed),
        delivery_type: p.type,
        walls: JSON.stringify(p.walls),
        created_at: now,
        updated_at: now,
      })
      .returning('delivery_lot_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('delivery_lot_units')
      .values(p.units.map((id) => ({ delivery_lot_id: row.delivery_lot_id, project_unit_id: id })))
      .execute();
  }
}
