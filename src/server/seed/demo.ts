import { DEFAULT_PRELIMINARY_DAYS } from '../../shared/rules/project-units';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../platform/auth/password';
import type { Database } from '../platform/db/database';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoTenants, demoUsers } from './demo-data';
import { demoProjects, type DemoProject } from './demo-projects';
import { renderLogo } from './logo';
import { seedProjectHistory } from './project-lists';
import { seedProfileAdmin } from './profile-admin';
import { seedWorkflow } from './workflow';
import { seedDemoOutlook } from './outlook';
import { seedQuestionnaires } from './questionnaire';
import { seedOrders } from './orders';
import { seedDemoDeliveries } from './deliveries';
import { seedDemoFiles } from './files';
import { seedReviewTopics } from './review';
import type { StorageDriver } from '../platform/storage/storage';
import type { StateKey } from '../../shared/schemas/project-unit';

type Ids = {
  tenant: Record<string, number>;
  salesOrg: Record<string, number>;
  plants: Record<string, number[]>;
  productTypes: Record<string, number[]>;
  user: Record<string, number>;
};

/** An id the demo data refers to by key; a wrong key is a mistake in the demo data itself. */
export function idOf<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: unknown ${what}`);
  return value;
}

function isoDay(offsetDays: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offsetDays));
  return d.toISOString().slice(0, 10);
}

async function seedTenants(trx: Database, ids: Ids): Promise<void> {
  for (const [key, t] of Object.entries(demoTenants)) {
    const tenant = await trx
      .insertInto('tenants')
      .values({
        tenant_key: t.key,
        name: t.name,
        features: JSON.stringify(t.features),
        general_info_by_language: JSON.stringify(t.info),
        language: t.language,
        brand_color: t.brandColor,
        logo_png: await renderLogo(t.name, t.color),
      })
      .returning('tenant_id')
      .executeTakeFirstOrThrow();
    ids.tenant[key] = tenant.tenant_id;
    for (const so of t.salesOrgs) {
      const row = await trx
        .insertInto('sales_orgs')
        .values({
          tenant_id: tenant.tenant_id,
          sales_org_key: so.key,
          title: so.title,
          descript: null,
          additional_info: JSON.stringify({ homepage: so.homepage, contactmail: so.mail }),
          logo_png: await renderLogo(so.title.replace(/^\S+\s/, ''), t.color),
        })
        .returning('sales_org_id')
        .executeTakeFirstOrThrow();
      ids.salesOrg[so.key] = row.sales_org_id;
    }
    const plants: number[] = [];
    ids.plants[key] = plants;
    for (const { name, names } of t.plants) {
      const row = await trx
        .insertInto('plants')
        .values({ tenant_id: tenant.tenant_id, name, name_by_language: JSON.stringify(names) })
        .returning('plant_id')
        .executeTakeFirstOrThrow();
      plants.push(row.plant_id);
    }
    const productTypes: number[] = [];
    ids.productTypes[key] = productTypes;
    for (const pt of t.productTypes) {
      const row = await trx
        .insertInto('product_types')
        .values({
          tenant_id: tenant.tenant_id,
          title: pt.title,
          title_by_language: JSON.stringify(pt.titles),
          bg_color: pt.bg,
          text_color: pt.fg,
        })
        .returning('product_type_id')
        .executeTakeFirstOrThrow();
      productTypes.push(row.product_type_id);
    }
    for (const [pi, plantId] of plants.entries()) {
      for (const [ti, productTypeId] of productTypes.entries()) {
        await trx
          .insertInto('product_plant_preliminary_days')
          .values({
            tenant_id: tenant.tenant_id,
            plant_id: plantId,
            product_type_id: productTypeId,
            preliminary_days: 7 + ((pi * 3 + ti * 2) % 8),
          })
          .execute();
      }
    }
  }
}

async function seedUsers(trx: Database, ids: Ids): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of demoUsers) {
    const login = `${u.key}@${DEMO_DOMAIN}`;
    const row = await trx
      .insertInto('users')
      .values({
        tenant_id: idOf(ids.tenant[u.tenant], `tenant ${u.tenant}`),
        sales_org_id: u.salesOrg ? idOf(ids.salesOrg[u.salesOrg], `sales org ${u.salesOrg}`) : null,
        login,
        email: login,
        password_hash: u.external ? null : passwordHash,
        external_issuer: u.external ? 'http://localhost:3000/demo-idp' : null,
        external_subject: u.external ? `demo-${u.key}` : null,
        is_internal: u.internal,
        is_admin: u.admin ?? false,
        role_keys: u.roles,
        language: u.language,
        first_name: u.first,
        last_name: u.last,
        daily_status_mail: u.internal,
        company_name: u.company.name,
        street1: u.company.street1,
        zip: u.company.zip,
        city: u.company.city,
        office_phone: u.company.phone,
        company_mobile: u.company.mobile ?? null,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    ids.user[u.key] = row.user_id;
  }
}

/** While the project is being set up, its subprojects and lots share its state. */
const setUpStates: readonly StateKey[] = ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract'];

async function seedProject(trx: Database, ids: Ids, p: DemoProject, index: number): Promise<void> {
  const tenantId = idOf(ids.tenant[p.tenant], `tenant ${p.tenant}`);
  const now = new Date();
  const since = new Date(now.getTime() - p.sinceDays * 86_400_000);
  const no = `${now.getUTCFullYear()}-${String(index + 1).padStart(4, '0')}`;
  const base = {
    tenant_id: tenantId,
    sales_org_id: idOf(ids.salesOrg[p.salesOrg], `sales org ${p.salesOrg}`),
    plant_id: idOf(ids.plants[p.tenant]?.[p.plant], `plant ${p.plant}`),
    product_type_id: idOf(ids.productTypes[p.tenant]?.[p.productType], `product type ${p.productType}`),
    project_unit_type_variant: p.variant ?? null,
    created_by: idOf(ids.user[p.tenant === 'aac' ? 'planner' : 'cs-planner'], 'planner'),
  };
  const root = await trx
    .insertInto('project_units')
    .values({
      ...base,
      project_unit_type: 'project',
      project_unit_no: no,
      title: p.title,
      state_key: p.state,
      state_since: since,
      is_bim: p.isBim ?? false,
      notes: null,
    })
    .returning('project_unit_id')
    .executeTakeFirstOrThrow();
  const rootId = root.project_unit_id;
  await trx
    .updateTable('project_units')
    .set({ root_project_unit_id: rootId })
    .where('project_unit_id', '=', rootId)
    .execute();

  if (p.address) {
    const addr = await trx
      .insertInto('addresses')
      .values({ tenant_id: tenantId, project_unit_id: rootId, ...p.address })
      .returning('address_id')
      .executeTakeFirstOrThrow();
    const contact = await trx
      .insertInto('contacts')
      .values({
        tenant_id: tenantId,
        project_unit_id: rootId,
        name: 'Bauleitung vor Ort',
        office_phone: '+49 511 000 111',
        company_mobile: '+49 170 000 222',
        office_email: `bauleitung-${index + 1}@bau.example`,
      })
      .returning('contact_id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('project_units')
      .set({ site_address_id: addr.address_id, site_contact_id: contact.contact_id })
      .where('project_unit_id', '=', rootId)
      .execute();
  }

  const childState = setUpStates.includes(p.state) ? p.state : undefined;
  // Approval lots store the earliest delivery date their plant and product type allow (today + lead time).
  const preliminary = await trx
    .selectFrom('product_plant_preliminary_days')
    .select('preliminary_days')
    .where('plant_id', '=', base.plant_id)
    .where('product_type_id', '=', base.product_type_id)
    .executeTakeFirst();
  const leadDays = preliminary?.preliminary_days ?? DEFAULT_PRELIMINARY_DAYS;
  /** A lot is saved today; one delivered in the past was saved three weeks before its first delivery. */
  const earliestFor = (lot: { materials?: { inDays: number }[] }) => {
    const first = Math.min(0, ...(lot.materials ?? []).map((m) => m.inDays));
    return isoDay((first < 0 ? first - 21 : 0) + leadDays, now);
  };
  for (const [si, sp] of p.subprojects.entries()) {
    const sub = await trx
      .insertInto('project_units')
      .values({
        ...base,
        root_project_unit_id: rootId,
        parent_project_unit_id: rootId,
        project_unit_type: 'subproject',
        project_unit_no: `${no}-${String(si + 1).padStart(2, '0')}`,
        title: sp.title,
        state_key: childState ?? p.state,
        state_since: since,
      })
      .returning('project_unit_id')
      .executeTakeFirstOrThrow();
    for (const [li, lot] of sp.lots.entries()) {
      const deliveries = lot.materials?.map((m) => isoDay(m.inDays, now)) ?? [];
      const unit = await trx
        .insertInto('project_units')
        .values({
          ...base,
          root_project_unit_id: rootId,
          parent_project_unit_id: sub.project_unit_id,
          project_unit_type: lot.type ?? 'approvallot',
          project_unit_no: `${no}-${String(si + 1).padStart(2, '0')}-${String(li + 1).padStart(2, '0')}`,
          title: lot.title,
          state_key: lot.state ?? childState ?? 'ProvideFiles',
          state_since: since,
          delivery_date: deliveries.sort()[0] ?? isoDay(28, now),
          earliest_delivery_date: (lot.type ?? 'approvallot') === 'approvallot' ? earliestFor(lot) : null,
        })
        .returning('project_unit_id')
        .executeTakeFirstOrThrow();
      for (const [ji, job] of (lot.drawingJobs ?? []).entries()) {
        await trx
          .insertInto('project_units')
          .values({
            ...base,
            root_project_unit_id: rootId,
            parent_project_unit_id: unit.project_unit_id,
            project_unit_type: 'drawingjob',
            project_unit_no: `${no}-${String(si + 1).padStart(2, '0')}-${String(li + 1).padStart(2, '0')}-${String(ji + 1).padStart(2, '0')}`,
            title: job.title,
            state_key: job.state,
            state_since: since,
          })
          .execute();
      }
      for (const m of lot.materials ?? []) {
        await trx
          .insertInto('materials')
          .values({
            project_unit_id: unit.project_unit_id,
            type: m.type,
            volume: m.volume,
            delivery_date: isoDay(m.inDays, now),
          })
          .execute();
      }
    }
  }

  for (const [userKey, roles] of Object.entries(p.members)) {
    await trx
      .insertInto('members')
      .values({ root_project_unit_id: rootId, user_id: idOf(ids.user[userKey], `user ${userKey}`), role_keys: roles })
      .execute();
  }
}

/** Loads the demo world into an empty database; a database with tenants is left alone. */
export async function seedDemoIfEmpty(
  db: Database,
  log?: FastifyBaseLogger,
  storage?: StorageDriver,
): Promise<boolean> {
  const seeded = await db.transaction().execute(async (trx) => {
    // Instances starting together on one database: one seeds, the others find tenants.
    await sql`select pg_advisory_xact_lock(hashtext('planport-demo-seed'))`.execute(trx);
    const { n } = await trx
      .selectFrom('tenants')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (n > 0) return false;
    const ids: Ids = { tenant: {}, salesOrg: {}, plants: {}, productTypes: {}, user: {} };
    await seedTenants(trx, ids);
    await seedUsers(trx, ids);
    for (const [i, p] of demoProjects.entries()) await seedProject(trx, ids, p, i);
    await seedProfileAdmin(trx, ids);
    await seedOrders(trx, ids, Object.fromEntries(Object.entries(demoTenants).map(([k, t]) => [k, t.key])));
    await seedProjectHistory(trx, ids);
    await seedWorkflow(trx, ids);
    await seedQuestionnaires(trx, { aac: idOf(ids.tenant.aac, 'tenant aac'), cs: idOf(ids.tenant.cs, 'tenant cs') });
    return true;
  });
  if (!seeded) return false;
  // Files go to the storage driver, so they are written after the rows they belong to.
  if (storage) {
    await seedDemoFiles(db, storage);
    await seedReviewTopics(db);
  }
  await seedDemoDeliveries(db);
  await seedDemoOutlook(db);
  log?.info('demo data loaded');
  return true;
}

/** True when any demo account exists (a public server refuses to start with them unless DEMO=1). */
export async function hasDemoAccounts(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('login', 'like', `%@${DEMO_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
