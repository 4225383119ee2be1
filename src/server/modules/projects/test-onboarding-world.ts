import type { FastifyInstance } from 'fastify';
import { signInActors } from '../../test/actors';
import { getTestDatabase } from '../../test/database';
import { createSalesOrg, createUser, createWorld } from '../../test/factories';
import { defaultFeatures } from './test-world';

/** A fresh tenant with a sales planner, a coordinator, staff, external users and another tenant. */
export async function onboardingWorld(app: FastifyInstance) {
  const db = await getTestDatabase();
  const world = await createWorld(db, defaultFeatures);
  const tenantId = world.tenant.tenant_id;
  const salesOrg = await createSalesOrg(db, tenantId, { title: 'Vertrieb Nord' });
  const planner = await createUser(db, tenantId, {
    is_internal: true,
    role_keys: ['salesPlanner'],
    first_name: 'Paula',
    last_name: 'Planer',
    sales_org_id: salesOrg.sales_org_id,
  });
  const coordinator = await createUser(db, tenantId, {
    is_internal: true,
    role_keys: ['projectCoordinator'],
    last_name: 'Koordinator',
  });
  const drafter = await createUser(db, tenantId, { is_internal: true, role_keys: ['drafter'], last_name: 'Zeichner' });
  const reviewer = await createUser(db, tenantId, { language: 'en', first_name: 'Rita', last_name: 'Reviewer' });
  const processor = await createUser(db, tenantId, { language: 'nl', last_name: 'Verwerker' });
  // An external user holding a creator role in the tenant still may not create projects.
  const externalPlanner = await createUser(db, tenantId, { role_keys: ['salesPlanner'] });
  const other = await createWorld(db, defaultFeatures);
  const otherSalesOrg = await createSalesOrg(db, other.tenant.tenant_id);
  const otherPlanner = await createUser(db, other.tenant.tenant_id, { is_internal: true, role_keys: ['salesPlanner'] });
  const actors = {
    planner,
    coordinator,
    drafter,
    reviewer,
    processor,
    externalPlanner,
    internal: world.internal,
    admin: world.admin,
    otherPlanner,
    otherAdmin: other.admin,
  };
  const { call } = await signInActors(app, actors);
  const outbox = (recipient: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', recipient)
      .orderBy('mail_id')
      .execute();
  const openTasks = (unitId: number) =>
    db
      .selectFrom('tasks')
      .select(['user_id', 'task_key'])
      .where('project_unit_id', '=', unitId)
      .where('closed_at', 'is', null)
      .orderBy('user_id')
      .execute();
  const journal = (rootId: number) =>
    db
      .selectFrom('project_unit_journal')
      .select(['content_json', 'user_id'])
      .where('root_project_unit_id', '=', rootId)
      .orderBy('project_units_journal_id')
      .execute();
  const project = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    salesOrgID: salesOrg.sales_org_id,
    ...extra,
  });
  return {
    db,
    ...world,
    salesOrg,
    otherSalesOrg,
    other,
    planner,
    coordinator,
    drafter,
    reviewer,
    processor,
    call,
    outbox,
    openTasks,
    journal,
    project,
  };
}
