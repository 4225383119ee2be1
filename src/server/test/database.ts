import fs from 'node:fs';
import { createDatabase, type Database } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { MIGRATED_IMAGE_ENV } from './data-dir';

let shared: Promise<Database> | undefined;

/** The migrated embedded database global setup prepared for this run, if any (see global-setup.ts). */
function migratedImage(): Blob | undefined {
  const file = process.env[MIGRATED_IMAGE_ENV];
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * One database per test worker: an in-memory PGlite started from the run's migrated image (the
 * migrations still run, finding nothing to do), or PostgreSQL when TEST_DATABASE_URL is set.
 * Tests isolate themselves by creating their own tenant.
 */
export function getTestDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const db = await createDatabase({
      databaseUrl: url,
      dataDir: 'memory://',
      loadDataDir: url ? undefined : migratedImage(),
      poolSize: 5,
    });
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
