import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../../src/server/platform/db/database';

/**
 * The database a benchmark seeds: a fresh in-memory PGlite, or, with DATABASE_URL, a fresh
 * database `<name>` on that PostgreSQL server (dropped and created anew, so earlier runs or
 * other data never mix in; BENCH_REUSE=1 keeps one an earlier run seeded). BENCH_DATABASE names
 * another database, so runs side by side on one server do not drop each other's; BENCH_PGLITE_DIR
 * keeps the embedded one in a folder.
 */
export async function openBenchDatabase(
  defaultName: string,
): Promise<{ db: Database; label: string; reused: boolean }> {
  const name = process.env.BENCH_DATABASE || defaultName;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE: not a plain database name: ${name}`);
  const url = process.env.DATABASE_URL;
  if (!url) {
    // BENCH_PGLITE_DIR keeps the embedded database in a folder: with BENCH_REUSE=1 a later run (or
    // the profile script, PROFILE_DATA_DIR) measures the database a first run seeded there.
    const dir = process.env.BENCH_PGLITE_DIR;
    if (!dir) return { db: await createDatabase({ dataDir: 'memory://' }), label: 'PGlite (in memory)', reused: false };
    const reused = process.env.BENCH_REUSE === '1' && fs.existsSync(path.join(dir, 'PG_VERSION'));
    if (!reused) fs.rmSync(dir, { recursive: true, force: true });
    return { db: await createDatabase({ dataDir: dir }), label: `PGlite (in ${dir})`, reused };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // BENCH_REUSE=1 keeps the database an earlier run seeded (seeding can take minutes).
  const reused =
    process.env.BENCH_REUSE === '1' &&
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reused) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    db: await createDatabase({ databaseUrl: target.toString(), poolSize: 10 }),
    label: `PostgreSQL (database ${name})`,
    reused,
  };
}
