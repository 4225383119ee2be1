import crypto from 'node:crypto';
import { hashPassword } from '../platform/auth/password';
import type { Database } from '../platform/db/database';
import type { ProjectUnitsTable, TenantsTable, UsersTable } from '../platform/db/schema';
import type { AacProductsTable } from '../platform/db/tables/orders';
import type { Insertable } from 'kysely';

export const TEST_PASSWORD = 'Test-Passw0rd';
let passwordHash: Promise<string> | undefined;

export const uniq = (prefix = 't') => `${prefix}-${crypto.randomBytes(5).toString('hex')}`;

export async function createTenant(db: Database, overrides: Partial<Insertable<TenantsTable>> = {}) {
  return db
    .insertInto('tenants')
    .values({ tenant_key: uniq('tenant'), name: 'Test Tenant', features: JSON.stringify({}), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createSalesOrg(db: Database, tenantId: number, overrides: { key?: string; title?: string } = {}) {
  return db
    .insertInto('sales_orgs')
    .values({
      tenant_id: tenantId,
      sales_org_key: overrides.key ?? uniq('SO'),
      title: overrides.title ?? 'Vertrieb Test',
      additional_info: JSON.stringify({}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createUser(db: Database, tenantId: number, overrides: Partial<Insertable<UsersTable>> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const login = `${uniq('user')}@test.planport.test`;
  return db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      login,
      email: login,
      password_hash: await passwordHash,
      first_name: 'Test',
      last_name: 'User',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createProject(
  db: Database,
  tenantId: number,
  overrides: Partial<Insertable<ProjectUnitsTable>> = {},
) {
  const unit = await db
    .insertInto('project_units')
    .values({
      tenant_id: tenantId,
      project_unit_type: 'project',
      project_unit_no: uniq('P'),
      title: 'Testprojekt',
      state_key: 'Structuring',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (unit.root_project_unit_id === null && unit.parent_project_unit_id === null) {
    await db
      .updateTable('project_units')
      .set({ root_project_unit_id: unit.project_unit_id })
      .where('project_unit_id', '=', unit.project_unit_id)
      .execute();
    unit.root_project_unit_id = unit.project_unit_id;
  }
  return unit;
}

export async function createChildUnit(
  db: Database,
  parent: { project_unit_id: number; root_project_unit_id: number | null; tenant_id: number },
  overrides: Partial<Insertable<ProjectUnitsTable>> = {},
) {
  return db
    .insertInto('project_units')
    .values({
      tenant_id: parent.tenant_id,
      root_project_unit_id: parent.root_project_unit_id ?? parent.project_unit_id,
      parent_project_unit_id: parent.project_unit_id,
      project_unit_type: 'subproject',
      project_unit_no: uniq('U'),
      title: uniq('Einheit'),
      state_key: 'Structuring',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addMember(db: Database, rootId: number, userId: number, roleKeys: string[] = ['member']) {
  await db
    .insertInto('members')
    .values({ root_project_unit_id: rootId, user_id: userId, role_keys: roleKeys })
    .execute();
}

/** A user who signs in only through the company's identity provider: no password. */
export async function createCompanyUser(
  db: Database,
  tenantId: number,
  overrides: Partial<Insertable<UsersTable>> = {},
) {
  return createUser(db, tenantId, {
    password_hash: null,
    external_issuer: 'https://idp.example',
    external_subject: uniq('subject'),
    ...overrides,
  });
}

/** A tenant with one internal and one external user, the common start of a test. */
export async function createWorld(db: Database, features: Record<string, unknown> = {}) {
  const tenant = await createTenant(db, { features: JSON.stringify(features) });
  const internal = await createUser(db, tenant.tenant_id, { is_internal: true });
  const external = await createUser(db, tenant.tenant_id, { is_internal: false });
  const admin = await createUser(db, tenant.tenant_id, { is_internal: true, is_admin: true });
  return { tenant, internal, external, admin };
}

/** An AAC element product of the tenant's catalogue (PP2, 200 × 600 mm, 0.5–6 m); its id. */
export async function createAacProduct(
  db: Database,
  tenantId: number,
  overrides: Partial<Insertable<AacProductsTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('aac_products')
    .values({
      tenant_id: tenantId,
      title: 'PP2',
      article_no: 'A1',
      thickness_mm: 200,
      width_mm: 600,
      min_length_mm: 500,
      max_length_mm: 6000,
      pallet_capacity: 2,
      ...overrides,
    })
    .returning('aac_product_id')
    .executeTakeFirstOrThrow();
  return row.aac_product_id;
}
