import { afterAll } from 'vitest';
import { closeTestDatabase } from './database';

// On PostgreSQL each test file closes its pool. The embedded database stays open for the worker's
// next test files, since opening one from the migrated image costs seconds of CPU: tests isolate
// themselves by tenant, as they must on the PostgreSQL run, where every file shares one database.
afterAll(async () => {
  if (process.env.TEST_DATABASE_URL) await closeTestDatabase();
});
