import { defaultWorkflow, mirroredRootStates } from '../../shared/rules/workflow';
import type { StateKey } from '../../shared/schemas/project-unit';
import type { Database } from '../platform/db/database';
import { openTasksForUnit } from '../modules/workflow/engine';
import { insertDefinition } from '../modules/workflow/repository';

type Ids = { tenant: Record<string, number>; user: Record<string, number> };

/** Projects left without product-type assignments, so the "not ready for contract" hint shows. */
const withoutAssignments = ['Reihenhäuser Sonnenhang'];

/** The way a demo root came to its state, for its journal. */
const history: StateKey[] = ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract', 'ProvideFiles'];

/**
 * The workflow part of the demo: each tenant's definition, product-type assignments, the open
 * tasks of every unit by the definition, a journal of how each root reached its state, and a
 * few material-data notifications. Runs last, so units created by other seeds get tasks too.
 */
export async function seedWorkflow(trx: Database, ids: Ids): Promise<void> {
  const now = new Date();
  for (const tenantId of Object.values(ids.tenant)) {
    await insertDefinition(trx, tenantId, defaultWorkflow);
    const units = await trx
      .selectFrom('project_units')
      .select([
        'project_unit_id',
        'root_project_unit_id',
        'parent_project_unit_id',
        'tenant_id',
        'project_unit_type',
        'state_key',
        'state_since',
        'title',
        'product_type_id',
        'plant_id',
        'project_unit_no',
        'created_by',
      ])
      .where('tenant_id', '=', tenantId)
      .orderBy('project_unit_id')
      .execute();
    for (const unit of units) {
      if (unit.root_project_unit_id === null) continue;
      const ref = { ...unit, root_project_unit_id: unit.root_project_unit_id };
      await openTasksForUnit(trx, defaultWorkflow, ref, unit.state_key, new Date(unit.state_since));
      if (unit.parent_project_unit_id !== null) continue;
      if (unit.product_type_id !== null && !withoutAssignments.includes(unit.title)) {
        await trx
          .insertInto('project_unit_product_type_assignments')
          .values({
            project_unit_id: unit.project_unit_id,
            product_type_id: unit.product_type_id,
            plant_id: unit.plant_id,
            // The supplier's sales order: 45 and the project number's digits.
            order_number: `45${unit.project_unit_no.replace(/\D/g, '')}`,
          })
          .execute();
      }
      await seedJournal(trx, ref, unit.created_by, now);
    }
    await seedNotifications(trx, tenantId, now);
  }
}

async function seedJournal(
  trx: Database,
  root: {
    project_unit_id: number;
    root_project_unit_id: number;
    tenant_id: number;
    state_key: StateKey;
    state_since: Date;
  },
  userId: number | null,
  now: Date,
): Promise<void> {
  const reached = history.indexOf(root.state_key);
  const steps = reached > 0 ? history.slice(0, reached + 1) : [];
  const email = userId
    ? ((await trx.selectFrom('users').select('email').where('user_id', '=', userId).executeTakeFirst())?.email ?? null)
    : null;
  const end = new Date(root.state_since).getTime();
  for (let i = 1; i < steps.length; i++) {
    const at = new Date(end - (steps.length - 1 - i) * 3 * 86_400_000);
    const delayed = i === 1 && steps.length > 3;
    await trx
      .insertInto('project_unit_journal')
      .values({
        tenant_id: root.tenant_id,
        root_project_unit_id: root.root_project_unit_id,
        project_unit_id: root.project_unit_id,
        created_at: at > now ? now : at,
        user_id: userId,
        user_email: email,
        content_json: JSON.stringify({ oldState: steps[i - 1], newState: steps[i], additionalMessage: null }),
        delayed,
        rule: delayed ? JSON.stringify({ remindAfterWorkingDays: 3, escalateAfterWorkingDays: 7 }) : null,
      })
      .execute();
    const step = steps[i];
    if (!step || step === 'ProvideFiles' || !mirroredRootStates.includes(step)) break;
  }
}

async function seedNotifications(trx: Database, tenantId: number, now: Date): Promise<void> {
  const lots = await trx
    .selectFrom('project_units as u')
    .innerJoin('materials as m', 'm.project_unit_id', 'u.project_unit_id')
    .select(['u.project_unit_id', 'u.root_project_unit_id', 'm.type', 'm.volume', 'm.delivery_date'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.project_unit_type', '=', 'approvallot')
    .where('u.state_key', 'not in', ['Approved', 'Closed', 'Archived'])
    .orderBy('u.project_unit_id')
    .limit(3)
    .execute();
  for (const [i, lot] of lots.entries()) {
    if (lot.root_project_unit_id === null) continue;
    await trx
      .insertInto('workflow_notifications')
      .values({
        tenant_id: tenantId,
        root_project_unit_id: lot.root_project_unit_id,
        project_unit_id: lot.project_unit_id,
        user_id: null,
        username: null,
        material_data: JSON.stringify([{ type: lot.type, volume: lot.volume, deliveryDate: lot.delivery_date }]),
        created_at: new Date(now.getTime() - (i + 1) * 26 * 3_600_000),
      })
      .execute();
  }
}
