import type { Database } from '../../platform/db/database';
import type { MaterialData } from '../../platform/db/tables/workflow';

/**
 * Records a material-data change (new volumes or delivery dates) for the workflows page.
 * Called by the modules that change materials (structure editor, delivery data dialog),
 * inside their transaction.
 */
export async function recordMaterialDataChange(
  trx: Database,
  change: {
    tenantId: number;
    rootId: number;
    unitId: number;
    userId: number | null;
    username: string | null;
    materials: MaterialData[];
    now: Date;
  },
): Promise<void> {
  if (change.materials.length === 0) return;
  await trx
    .insertInto('workflow_notifications')
    .values({
      tenant_id: change.tenantId,
      root_project_unit_id: change.rootId,
      project_unit_id: change.unitId,
      user_id: change.userId,
      username: change.username,
      material_data: JSON.stringify(change.materials),
      created_at: change.now,
    })
    .execute();
}
