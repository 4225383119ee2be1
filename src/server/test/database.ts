import { createDatabase, type Database } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';

let shared: Promise<Database> | undefined;

/**
 * One database per test worker: an in-memory PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set. Tests isolate themselves by creating their own tenant.
 */
export function getTestDatabase(): Promise<Database> {
  shared ??= (async () => {
    const db = await createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://', poolSize: 5 });
    await migrateToLatest(db);
    return db;
  })();
  return shared;
}

export async function closeTestDatabase(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = undefined;
  await db.destroy();
}
