import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import * as m001 from './migrations/001-foundation';
import * as m010 from './migrations/010-profile-admin';
import * as m011 from './migrations/011-oidc-flows';
import * as m030 from './migrations/030-project-lists';
import * as m040 from './migrations/040-workflow';
import * as m050 from './migrations/050-orders';
import * as m065 from './migrations/065-order-positions';
import * as m070 from './migrations/070-project-files';
import * as m080 from './migrations/080-project-onboarding';
import * as m085 from './migrations/085-users-admin';
import * as m100 from './migrations/100-structure-drafts';
import * as m140 from './migrations/140-delivery';
import * as m110 from './migrations/110-questionnaire';
import * as m120 from './migrations/120-search';
import * as m090 from './migrations/090-drawing-review';
import * as m130 from './migrations/130-sign-in-throttle';
import * as m200 from './migrations/200-search-per-tenant';
import * as m210 from './migrations/210-catalogue-switch';
import * as m160 from './migrations/160-record-versions';
import * as m170 from './migrations/170-security-limits';
import * as m171 from './migrations/171-catalogue-import';
import * as m190 from './migrations/190-calendar-feeds';
import * as m150 from './migrations/150-mail-outbox';
import * as m230 from './migrations/230-search-speed';
import * as m250 from './migrations/250-storage-quotas';
import * as m251 from './migrations/251-upload-finished';
import * as m270 from './migrations/270-model-failures';
import * as m280 from './migrations/280-review-provenance';
import * as m290 from './migrations/290-invited-by';
import * as m240 from './migrations/240-fair-conversion-claims';
import * as m310 from './migrations/310-outlook';
import * as m320 from './migrations/320-events';
import * as m321 from './migrations/321-notifications';
import * as m322 from './migrations/322-mentions';

/** Migrations are listed here in order; each later issue appends its file. */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '010-profile-admin': m010,
  '011-oidc-flows': m011,
  '030-project-lists': m030,
  '040-workflow': m040,
  '050-orders': m050,
  '065-order-positions': m065,
  '070-project-files': m070,
  '080-project-onboarding': m080,
  '085-users-admin': m085,
  '100-structure-drafts': m100,
  '140-delivery': m140,
  '110-questionnaire': m110,
  '120-search': m120,
  '090-drawing-review': m090,
  '130-sign-in-throttle': m130,
  '200-search-per-tenant': m200,
  '160-record-versions': m160,
  '170-security-limits': m170,
  '171-catalogue-import': m171,
  '190-calendar-feeds': m190,
  '150-mail-outbox': m150,
  '210-catalogue-switch': m210,
  '230-search-speed': m230,
  '250-storage-quotas': m250,
  '251-upload-finished': m251,
  '270-model-failures': m270,
  '280-review-provenance': m280,
  '290-invited-by': m290,
  '310-outlook': m310,
  '320-events': m320,
  '321-notifications': m321,
  '322-mentions': m322,
  '240-fair-conversion-claims': m240,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function createMigrator(db: Database): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
    // Numbers are reserved per piece of work, so a lower number may land after a higher one has
    // run; each migration depends only on lower-numbered ones.
    allowUnorderedMigrations: true,
  });
}

export async function migrateToLatest(db: Database): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** True when every known migration has been applied (readiness check). */
export async function migrationsCurrent(db: Database): Promise<boolean> {
  const list = await createMigrator(db).getMigrations();
  return list.every((m) => m.executedAt !== undefined);
}
