import type { Database } from '../platform/db/database';
import { idOf } from './demo';

type Ids = { tenant: Record<string, number>; salesOrg: Record<string, number>; user: Record<string, number> };

const buildings = [
  'Wohnpark',
  'Stadtvillen',
  'Reihenhauszeile',
  'Seniorenresidenz',
  'Gewerbehof',
  'Grundschule',
  'Feuerwache',
  'Kita',
  'Ärztehaus',
  'Studentenwohnheim',
  'Mehrfamilienhaus',
  'Lagerhalle',
];
const places = [
  'Am Stadtpark',
  'Eichenallee',
  'Mühlenweg',
  'Kirchplatz',
  'Hafenstraße',
  'Lindenring',
  'Rosengarten',
  'Bahnhofstraße',
  'Auf dem Kamp',
  'Wiesengrund',
  'Brunnenstraße',
  'Schlossblick',
];

/**
 * Finished projects of earlier years for the demo tenant `aac`, so the closed project list has
 * several pages (page size 20) and shows both Closed and Archived roots.
 */
export async function seedProjectHistory(trx: Database, ids: Ids): Promise<void> {
  const tenantId = idOf(ids.tenant.aac, 'tenant aac');
  const now = Date.now();
  for (let i = 0; i < 26; i++) {
    const year = 2022 + Math.floor(i / 9);
    const archived = i < 12;
    const daysAgo = 160 + (26 - i) * 23;
    const root = await trx
      .insertInto('project_units')
      .values({
        tenant_id: tenantId,
        sales_org_id: ids.salesOrg[i % 3 === 0 ? 'SUED' : 'NORD'],
        project_unit_type: 'project',
        project_unit_no: `${year}-${String(300 + i).padStart(4, '0')}`,
        title: `${buildings[i % buildings.length]} ${places[(i * 5) % places.length]}`,
        state_key: archived ? 'Archived' : 'Closed',
        state_since: new Date(now - daysAgo * 86_400_000),
        created_by: ids.user.planner,
      })
      .returning('project_unit_id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('project_units')
      .set({ root_project_unit_id: root.project_unit_id })
      .where('project_unit_id', '=', root.project_unit_id)
      .execute();
    await trx
      .insertInto('members')
      .values({
        root_project_unit_id: root.project_unit_id,
        user_id: idOf(ids.user.planner, 'planner'),
        role_keys: ['salesPlanner'],
      })
      .execute();
    if (i % 4 === 0)
      await trx
        .insertInto('members')
        .values({
          root_project_unit_id: root.project_unit_id,
          user_id: idOf(ids.user.reviewer, 'reviewer'),
          role_keys: ['reviewer'],
        })
        .execute();
  }
}
