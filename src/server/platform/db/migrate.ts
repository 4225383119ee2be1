import { Migrator, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { migrations } from './migration-index';

/**
 * The migrations are the files in ./migrations, registered through the generated ./migration-index.ts
 * (`npm run db:index` after adding a file; a unit test fails while a file is missing from the index).
 */
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
