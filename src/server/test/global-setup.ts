import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { Kysely } from 'kysely';
import { openPGlite, type Database } from '../platform/db/database';
import { PGliteDialect } from '../platform/db/pglite-dialect';
import type { DB } from '../platform/db/schema';
import { migrateToLatest } from '../platform/db/migrate';
import { MIGRATED_IMAGE_ENV, migratedImageFile, sharedTestDataDir } from './data-dir';

/**
 * On PostgreSQL, each run starts from an empty database of its own so migrations are exercised too. On the
 * embedded database, the migrations run once here and every test file starts from their result.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The stored files of the test apps of this run (see sharedTestDataDir), removed at the end.
  const dataDir = sharedTestDataDir(process.pid);
  const image = migratedImageFile();
  const teardown = async () => {
    await fsp.rm(dataDir, { recursive: true, force: true });
    await fsp.rm(image, { force: true });
    // The servers compiled by the test workers (test/server-process.ts).
    const dist = path.resolve(import.meta.dirname, '../../../dist');
    for (const entry of fs.existsSync(dist) ? fs.readdirSync(dist) : []) {
      if (entry.startsWith(`server-test-${process.pid}-`))
        await fsp.rm(path.join(dist, entry), { recursive: true, force: true });
    }
  };
  // Named after this run, so a run beside it keeps its own (see test/server-process.ts).
  process.env.SERVER_TEST_RUN = String(process.pid);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pglite = await openPGlite('memory://');
    const db: Database = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(image, Buffer.from(await dump.arrayBuffer()));
    await db.destroy();
    // The test workers start after global setup and take its environment.
    process.env[MIGRATED_IMAGE_ENV] = image;
    return teardown;
  }
  // A database of this run's own, so runs side by side (two checkouts, CI and a developer) never
  // drop each other's schema; the workers take the changed environment. Dropped at the end.
  const name = `planport_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  // A test database need not wait for each commit to reach the disk (a crash loses only the
  // test run): the same statements, without the flush the machine's disk would add to each.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const runUrl = new URL(url);
  runUrl.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = runUrl.toString();
  return async () => {
    await teardown();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await client.end();
  };
}
