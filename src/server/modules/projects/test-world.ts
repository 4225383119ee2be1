import type { FastifyInstance } from 'fastify';
import { signInActors } from '../../test/actors';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createUser, createWorld } from '../../test/factories';
import type { StateKey } from '../../../shared/schemas/project-unit';

export const base = '/api/data/portal';

export const defaultFeatures = {
  AllowCreateProjectUnits: true,
  ProjectTools: ['edit-site-address', 'edit-site-contact', 'reviewer-change-request'],
  ShowTenantInfo: true,
};

/**
 * A tenant with a project tree (root → subproject → approval lot), a sales planner, an external
 * member, a non-member external user of the same tenant and a user of another tenant.
 */
export async function createProjectWorld(
  app: FastifyInstance,
  options: { features?: Record<string, unknown>; state?: StateKey; variant?: string | null } = {},
) {
  const db = await getTestDatabase();
  const world = await createWorld(db, options.features ?? defaultFeatures);
  const tenantId = world.tenant.tenant_id;
  const plant = await db
    .insertInto('plants')
    .values({ tenant_id: tenantId, name: 'Werk' })
    .returning('plant_id')
    .executeTakeFirstOrThrow();
  const productType = await db
    .insertInto('product_types')
    .values({ tenant_id: tenantId, title: 'Elemente' })
    .returning('product_type_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_plant_preliminary_days')
    .values({
      tenant_id: tenantId,
      plant_id: plant.plant_id,
      product_type_id: productType.product_type_id,
      preliminary_days: 12,
    })
    .execute();
  const root = await createProject(db, tenantId, {
    state_key: options.state ?? 'Structuring',
    project_unit_no: `P${Math.floor(Math.random() * 1e9)}`,
    project_unit_type_variant: options.variant ?? null,
    plant_id: plant.plant_id,
    product_type_id: productType.product_type_id,
  });
  const sub = await createChildUnit(db, root, {
    title: 'Haus A',
    project_unit_no: `${root.project_unit_no}-01`,
    project_unit_type_variant: options.variant ?? null,
    state_key: root.state_key,
    plant_id: plant.plant_id,
    product_type_id: productType.product_type_id,
  });
  const lot = await createChildUnit(db, sub, {
    project_unit_type: 'approvallot',
    title: 'EG',
    project_unit_no: `${sub.project_unit_no}-01`,
    state_key: root.state_key,
    plant_id: plant.plant_id,
    product_type_id: productType.product_type_id,
  });
  const planner = await createUser(db, tenantId, { is_internal: true });
  const internalMember = await createUser(db, tenantId, { is_internal: true, first_name: 'Ina', last_name: 'Intern' });
  await addMember(db, root.project_unit_id, planner.user_id, ['salesPlanner']);
  await addMember(db, root.project_unit_id, world.external.user_id, ['reviewer']);
  await addMember(db, root.project_unit_id, internalMember.user_id, ['projectCoordinator']);
  const outsider = await createUser(db, tenantId, { is_internal: false });
  const other = await createWorld(db, defaultFeatures);

  const actors = {
    planner,
    member: world.external,
    internal: world.internal,
    admin: world.admin,
    outsider,
    foreign: other.internal,
    foreignAdmin: other.admin,
  };
  const { cookies, call } = await signInActors(app, actors);
  return {
    db,
    ...world,
    root,
    sub,
    lot,
    planner,
    internalMember,
    outsider,
    other,
    actors,
    cookies,
    call,
    plant,
    productType,
  };
}

export type ProjectWorld = Awaited<ReturnType<typeof createProjectWorld>>;
