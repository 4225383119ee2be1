import type { Database } from '../../platform/db/database';
import { tenantLanguageOf } from '../../platform/db/tenant-language';

export function findPlants(db: Database, tenantId: number) {
  return db
    .selectFrom('plants')
    .select(['plant_id', 'name', 'name_by_language', tenantLanguageOf('plants.tenant_id').as('tenant_language')])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('plant_id')
    .execute();
}

export function findProductTypes(db: Database, tenantId: number) {
  return db
    .selectFrom('product_types')
    .select([
      'product_type_id',
      'title',
      'title_by_language',
      tenantLanguageOf('product_types.tenant_id').as('tenant_language'),
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('title')
    .orderBy('product_type_id')
    .execute();
}

const preliminaryDaysColumns = [
  'product_plant_preliminary_days_id',
  'plant_id',
  'product_type_id',
  'preliminary_days',
] as const;

export function findPreliminaryDays(db: Database, tenantId: number) {
  return db
    .selectFrom('product_plant_preliminary_days')
    .select(preliminaryDaysColumns)
    .where('tenant_id', '=', tenantId)
    .orderBy('product_plant_preliminary_days_id')
    .execute();
}

export function updatePreliminaryDaysRow(db: Database, tenantId: number, id: number, days: number) {
  return db
    .updateTable('product_plant_preliminary_days')
    .set({ preliminary_days: days })
    .where('product_plant_preliminary_days_id', '=', id)
    .where('tenant_id', '=', tenantId)
    .returning(preliminaryDaysColumns)
    .executeTakeFirst();
}

/** The tenant's outbox, for `fetchList`. */
export function outboxListBase(db: Database, tenantId: number) {
  return (
    db
      .selectFrom('mail_outbox')
      // Never the deliverable text (delivery_*): it holds the single-use tokens.
      .select([
        'mail_id',
        'recipient',
        'subject',
        'text_body',
        'created_at',
        'sent_at',
        'status',
        'attempts',
        'next_attempt_at',
        'last_error',
      ])
      .where('tenant_id', '=', tenantId)
  );
}
