import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

export async function countOpenTasks(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

export function findSalesOrgs(db: Database, tenantId: number) {
  return db
    .selectFrom('sales_orgs')
    .select([
      'sales_org_id',
      'tenant_id',
      'title',
      'descript',
      'additional_info',
      sql<boolean>`logo_png is not null`.as('has_logo'),
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('title')
    .orderBy('sales_org_id')
    .execute();
}

/** The sales organisation of the tenant whose contact address is `mail` (case-insensitive). */
export function findSalesOrgByContactMail(db: Database, tenantId: number, mail: string) {
  return db
    .selectFrom('sales_orgs')
    .select(['sales_org_id', 'title', 'additional_info'])
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(additional_info->>'contactmail')`, '=', mail.toLowerCase())
    .executeTakeFirst();
}
