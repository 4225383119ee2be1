import fsp from 'node:fs/promises';
import pg from 'pg';
import { sharedTestDataDir } from './data-dir';

/** On PostgreSQL, each run starts from an empty schema so migrations are exercised too. */
export default async function setup(): Promise<() => Promise<void>> {
  // The stored files of the test apps of this run (see sharedTestDataDir), removed at the end.
  const teardown = () => fsp.rm(sharedTestDataDir(process.pid), { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return teardown;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists public cascade; create schema public;');
  await client.end();
  return teardown;
}
